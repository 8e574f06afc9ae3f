import imageUrlBuilder from '@sanity/image-url'
import type {SanityImageSource} from '@sanity/image-url/lib/types/types'
import {describe, expect, it} from 'vitest'
import {
  croppedImageUrl,
  croppedSrcSet,
  imageSize,
  imageSrcSet,
  imageUrl,
  originalImageUrl,
  sharingImageUrl,
  srcSetWidths,
} from './images.ts'
import {publicConfig} from './public-config.ts'

const image = {asset: {_ref: 'image-0123abcd-1600x900-svg'}, alt: '단지 전경'}

describe('images', () => {
  it('reads the original size from the asset id', () => {
    expect(imageSize(image)).toEqual({width: 1600, height: 900})
    expect(imageSize({asset: {_ref: 'file-abc-pdf'}})).toBeNull()
    expect(imageSize(null)).toBeNull()
  })

  it('asks for WebP at an explicit width', () => {
    const url = new URL(imageUrl(image, 800))
    expect(url.pathname).toMatch(/\/images\/[^/]+\/[^/]+\/0123abcd-1600x900\.svg$/)
    expect(url.searchParams.get('w')).toBe('800')
    expect(url.searchParams.get('fm')).toBe('webp')
  })

  it('offers steps from a quarter of the shown width up to twice it, never wider than the original nor 10% apart', () => {
    expect(srcSetWidths(1600, 600)).toEqual([320, 480, 640, 800, 960, 1200])
    expect(srcSetWidths(1600, 1200)).toEqual([320, 480, 640, 800, 960, 1200, 1440, 1600])
    expect(srcSetWidths(1920, 1920)).toEqual([480, 640, 800, 960, 1200, 1440, 1920])
    expect(srcSetWidths(800, 160)).toEqual([160, 320])
    expect(srcSetWidths(300, 390)).toEqual([300])
    expect(imageSrcSet(image, 1600, 1200).split(', ')).toHaveLength(8)
  })

  it('offers a phone (412 CSS px at 1.75x, 721 px) a picture close above what it needs', () => {
    const needed = 412 * 1.75
    const chosen = srcSetWidths(1600, 1200).find((width) => width >= needed)
    expect(chosen).toBe(800)
  })

  it('cuts renditions of another shape around the hotspot, never wider than the original holds', () => {
    const widths = croppedSrcSet(image, {width: 1600, height: 900}, 3 / 4, 600)
      .split(', ')
      .map((entry) => new URL(entry.split(' ')[0]!))
    // A 3:4 cut of a 1600x900 original is at most 675 px wide.
    expect(widths.map((url) => url.searchParams.get('w'))).toEqual(['320', '480', '600', '675'])
    expect(widths.at(-1)!.searchParams.get('h')).toBe('900')
    expect(widths.at(-1)!.searchParams.get('rect')).toBe('463,0,675,900')
  })
})

describe('image addresses', () => {
  const builder = imageUrlBuilder({
    projectId: publicConfig.projectId,
    dataset: publicConfig.dataset,
    ...(publicConfig.apiHost ? {baseUrl: publicConfig.apiHost} : {}),
  })
  const library = (source: object) => builder.image(source as SanityImageSource)
  const images = [
    image,
    {asset: {_ref: 'image-f00d-1200x800-jpg'}},
    {
      asset: {_ref: 'image-f00d-1200x800-jpg'},
      crop: {top: 0.1, bottom: 0.05, left: 0.2, right: 0},
      hotspot: {x: 0.7, y: 0.3, width: 0.2, height: 0.3},
    },
    {
      asset: {_ref: 'image-beef-800x1000-png'},
      crop: {top: 0, bottom: 0, left: 0, right: 0},
      hotspot: {x: 0.1, y: 0.9, width: 0.1, height: 0.1},
    },
    {
      asset: {_ref: 'image-cafe-1920x1080-svg'},
      crop: {top: 0.333, bottom: 0.123, left: 0.077, right: 0.311},
      hotspot: {x: 0.5, y: 0.5, width: 1, height: 1},
    },
  ]

  it.each(images)('are the ones @sanity/image-url writes (%o)', (source) => {
    expect(originalImageUrl(source)).toBe(library(source).url())
    for (const width of [160, 390, 1440])
      expect(imageUrl(source, width)).toBe(library(source).width(width).format('webp').url())
    expect(sharingImageUrl(source)).toBe(
      library(source).width(1200).height(630).fit('crop').format('jpg').url(),
    )
    for (const [width, height] of [
      [480, 640],
      [960, 540],
      [300, 300],
    ] as const) {
      expect(croppedImageUrl(source, width, height)).toBe(
        library(source).width(width).height(height).format('webp').fit('crop').url(),
      )
    }
  })
})

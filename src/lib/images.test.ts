import {describe, expect, it} from 'vitest'
import {imageSize, imageSrcSet, imageUrl, srcSetWidths} from './images.ts'

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

  it('offers up to twice the shown width, never wider than the original', () => {
    expect(srcSetWidths(1600, 600)).toEqual([300, 600, 900, 1200])
    expect(srcSetWidths(1600, 1200)).toEqual([600, 1200, 1600])
    expect(imageSrcSet(image, 1600, 1200).split(', ')).toHaveLength(3)
  })
})

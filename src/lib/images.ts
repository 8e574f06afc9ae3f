import imageUrlBuilder from '@sanity/image-url'
import type {SanityImageSource} from '@sanity/image-url/lib/types/types'
import {siteConfig} from './site-config.ts'

/** An `imageWithAlt` as the queries return it. */
export interface ContentImage {
  asset?: {_ref?: string} | null
  crop?: unknown
  hotspot?: unknown
  alt?: string | null
  caption?: string | null
}

export interface ImageSize {
  width: number
  height: number
}

// Asset ids carry the original size: image-<hash>-<width>x<height>-<ext>.
const ASSET_ID = /^image-[a-zA-Z0-9]+-(\d+)x(\d+)-[a-z0-9]+$/

export function imageSize(image: ContentImage | null | undefined): ImageSize | null {
  const match = ASSET_ID.exec(image?.asset?._ref ?? '')
  if (!match) return null
  return {width: Number(match[1]), height: Number(match[2])}
}

export function hasImage(image: ContentImage | null | undefined): image is ContentImage & {asset: {_ref: string}} {
  return imageSize(image) !== null
}

/** Where pictures come from: the lake's API host locally, Sanity's image CDN in production. */
export const IMAGE_ORIGIN = siteConfig.apiHost ? new URL(siteConfig.apiHost).origin : 'https://cdn.sanity.io'

// The lake serves images under the API host; production uses Sanity's image CDN.
const builder = imageUrlBuilder({
  projectId: siteConfig.projectId,
  dataset: siteConfig.dataset,
  ...(siteConfig.apiHost ? {baseUrl: siteConfig.apiHost} : {}),
})

/** The stored file itself: for SVG logos and small graphics, drawn crisply by the browser. */
export function originalImageUrl(image: ContentImage): string {
  return builder.image(image as SanityImageSource).url()
}

export function isVectorImage(image: ContentImage | null | undefined): boolean {
  return /-svg$/.test(image?.asset?._ref ?? '')
}

/** A WebP rendition `width` pixels wide (height follows the aspect ratio). */
export function imageUrl(image: ContentImage, width: number): string {
  return builder
    .image(image as SanityImageSource)
    .width(width)
    .format('webp')
    .url()
}

/** The 1200x630 JPEG that sharing previews (Open Graph, Twitter) expect. */
export function sharingImageUrl(image: ContentImage): string {
  return builder
    .image(image as SanityImageSource)
    .width(1200)
    .height(630)
    .fit('crop')
    .format('jpg')
    .url()
}

/** Widths offered in `srcset` for a picture shown `displayWidth` CSS pixels wide: up to 2x, never wider than the original. */
export function srcSetWidths(original: number, displayWidth: number): number[] {
  const widths = [0.5, 1, 1.5, 2].map((factor) => Math.min(original, Math.round(displayWidth * factor)))
  return [...new Set(widths)].sort((a, b) => a - b)
}

export function imageSrcSet(image: ContentImage, original: number, displayWidth: number): string {
  return srcSetWidths(original, displayWidth)
    .map((width) => `${imageUrl(image, width)} ${width}w`)
    .join(', ')
}

import {publicConfig} from './public-config.ts'

/** An `imageWithAlt` as the queries return it. */
export interface ContentImage {
  asset?: {_ref?: string} | null
  crop?: unknown
  hotspot?: unknown
  alt?: string | null
  caption?: string | null
  /** A map or plan with fine lettering: shown with its zoom viewer. */
  zoomable?: boolean | null
}

export interface ImageSize {
  width: number
  height: number
}

// Asset ids carry the original size: image-<hash>-<width>x<height>-<ext>.
const ASSET_ID = /^image-([a-zA-Z0-9]+)-(\d+)x(\d+)-([a-z0-9]+)$/

export function imageSize(image: ContentImage | null | undefined): ImageSize | null {
  const match = ASSET_ID.exec(image?.asset?._ref ?? '')
  if (!match) return null
  return {width: Number(match[2]), height: Number(match[3])}
}

export function hasImage(
  image: ContentImage | null | undefined,
): image is ContentImage & {asset: {_ref: string}} {
  return imageSize(image) !== null
}

/** Where pictures come from: the lake's API host locally, Sanity's image CDN in production. */
export const IMAGE_ORIGIN = publicConfig.apiHost
  ? new URL(publicConfig.apiHost).origin
  : 'https://cdn.sanity.io'
const IMAGE_BASE = (publicConfig.apiHost ?? 'https://cdn.sanity.io').replace(/\/+$/, '')

interface Rect {
  left: number
  top: number
  width: number
  height: number
}

/** Sanity's crop: the share cut from each side, 0 to 1. */
interface Crop {
  top: number
  bottom: number
  left: number
  right: number
}

/** Sanity's hotspot: the centre and size of the part to keep, 0 to 1. */
interface Hotspot {
  x: number
  y: number
  width: number
  height: number
}

const NO_CROP: Crop = {top: 0, bottom: 0, left: 0, right: 0}
const WHOLE_HOTSPOT: Hotspot = {x: 0.5, y: 0.5, width: 1, height: 1}

/**
 * The address of an image on Sanity's image pipeline (or the lake's copy of it), as
 * @sanity/image-url writes it: the stored crop as `rect`, and when both a width and a
 * height are asked for, the part of the crop of that shape centred on the hotspot.
 * Written out here because the builder library weighs more than the rest of the site's
 * image code together, on every page. src/lib/images.test.ts checks both agree.
 */
function buildUrl(
  image: ContentImage,
  params: {width?: number; height?: number; format?: string; fit?: string},
): string {
  const match = ASSET_ID.exec(image.asset?._ref ?? '')
  if (!match) throw new Error(`Not an image asset: ${JSON.stringify(image.asset)}`)
  const [, id, widthText, heightText, extension] = match
  const asset = {width: Number(widthText), height: Number(heightText)}
  const crop = {...NO_CROP, ...(image.crop as Partial<Crop> | undefined)}
  const hotspot = {...WHOLE_HOTSPOT, ...(image.hotspot as Partial<Hotspot> | undefined)}

  const cropLeft = Math.round(crop.left * asset.width)
  const cropTop = Math.round(crop.top * asset.height)
  const cropRect: Rect = {
    left: cropLeft,
    top: cropTop,
    width: Math.round(asset.width - crop.right * asset.width - cropLeft),
    height: Math.round(asset.height - crop.bottom * asset.height - cropTop),
  }
  const rect =
    params.width && params.height
      ? fitToHotspot(cropRect, hotspot, asset, params.width / params.height)
      : cropRect

  const query: string[] = []
  if (
    rect.left !== 0 ||
    rect.top !== 0 ||
    rect.width !== asset.width ||
    rect.height !== asset.height
  ) {
    query.push(`rect=${rect.left},${rect.top},${rect.width},${rect.height}`)
  }
  if (params.width !== undefined) query.push(`w=${params.width}`)
  if (params.height !== undefined) query.push(`h=${params.height}`)
  if (params.format !== undefined) query.push(`fm=${params.format}`)
  if (params.fit !== undefined) query.push(`fit=${params.fit}`)
  const base = `${IMAGE_BASE}/images/${publicConfig.projectId}/${publicConfig.dataset}/${id}-${asset.width}x${asset.height}.${extension}`
  return query.length > 0 ? `${base}?${query.join('&')}` : base
}

/**
 * The largest part of `crop` with the aspect ratio `aspect`, centred on the hotspot as far as the
 * crop allows.
 */
function fitToHotspot(crop: Rect, hotspot: Hotspot, asset: ImageSize, aspect: number): Rect {
  // The same arithmetic as @sanity/image-url, so that both name the same rendition.
  const radiusX = (hotspot.width * asset.width) / 2
  const radiusY = (hotspot.height * asset.height) / 2
  const spot = {
    left: hotspot.x * asset.width - radiusX,
    top: hotspot.y * asset.height - radiusY,
    right: hotspot.x * asset.width + radiusX,
    bottom: hotspot.y * asset.height + radiusY,
  }
  if (crop.width / crop.height > aspect) {
    // Wider than asked: cut from the sides.
    const height = Math.round(crop.height)
    const width = Math.round(height * aspect)
    const centreX = Math.round((spot.right - spot.left) / 2 + spot.left)
    let left = Math.max(0, Math.round(centreX - width / 2))
    if (left < crop.left) left = crop.left
    else if (left + width > crop.left + crop.width) left = crop.left + crop.width - width
    return {left, top: Math.max(0, Math.round(crop.top)), width, height}
  }
  // Taller than asked: cut from top and bottom.
  const width = crop.width
  const height = Math.round(width / aspect)
  const centreY = Math.round((spot.bottom - spot.top) / 2 + spot.top)
  let top = Math.max(0, Math.round(centreY - height / 2))
  if (top < crop.top) top = crop.top
  else if (top + height > crop.top + crop.height) top = crop.top + crop.height - height
  return {left: Math.max(0, Math.round(crop.left)), top, width, height}
}

/** The stored file itself: for SVG logos and small graphics, drawn crisply by the browser. */
export function originalImageUrl(image: ContentImage): string {
  return buildUrl(image, {})
}

export function isVectorImage(image: ContentImage | null | undefined): boolean {
  return /-svg$/.test(image?.asset?._ref ?? '')
}

/** A WebP rendition `width` pixels wide (height follows the aspect ratio). */
export function imageUrl(image: ContentImage, width: number): string {
  return buildUrl(image, {width, format: 'webp'})
}

/** A WebP rendition of exactly `width` x `height`, cut around the hotspot. */
export function croppedImageUrl(image: ContentImage, width: number, height: number): string {
  return buildUrl(image, {width, height, format: 'webp', fit: 'crop'})
}

/** The 1200x630 JPEG that sharing previews (Open Graph, Twitter) expect. */
export function sharingImageUrl(image: ContentImage): string {
  return buildUrl(image, {width: 1200, height: 630, format: 'jpg', fit: 'crop'})
}

/**
 * Rendition widths on offer, about a quarter apart: a phone (360-430 CSS px at 2-3x), a
 * tablet and a desktop each find one close above what they need, instead of a picture
 * twice too wide.
 */
const WIDTH_STEPS = [320, 480, 640, 800, 960, 1200, 1440, 1920, 2560, 3840]

/**
 * Widths offered in `srcset` for a picture shown at most `displayWidth` CSS pixels wide:
 * the steps from a quarter of that width up to twice it (for 2x screens), the 1x width,
 * never wider than the original; of two widths less than 10% apart only the larger.
 */
export function srcSetWidths(original: number, displayWidth: number): number[] {
  const largest = Math.min(original, Math.round(displayWidth * 2))
  const smallest = Math.round(displayWidth / 4)
  const pool = [
    ...WIDTH_STEPS.filter((width) => width >= smallest && width < largest),
    Math.min(original, displayWidth),
    largest,
  ]
  const widths: number[] = []
  for (const width of [...new Set(pool)].sort((a, b) => b - a)) {
    if (widths.length === 0 || widths.at(-1)! > width * 1.1) widths.push(width)
  }
  return widths.reverse()
}

export function imageSrcSet(image: ContentImage, original: number, displayWidth: number): string {
  return srcSetWidths(original, displayWidth)
    .map((width) => `${imageUrl(image, width)} ${width}w`)
    .join(', ')
}

/**
 * A srcset of renditions cut to `aspect` (width / height) around the hotspot, for a box
 * of another shape than the picture (the home hero on a phone is taller than wide).
 */
export function croppedSrcSet(
  image: ContentImage,
  original: ImageSize,
  aspect: number,
  displayWidth: number,
): string {
  // The widest cut of that shape the original holds.
  const widest = Math.min(original.width, Math.floor(original.height * aspect))
  return srcSetWidths(widest, displayWidth)
    .map((width) => `${croppedImageUrl(image, width, Math.round(width / aspect))} ${width}w`)
    .join(', ')
}

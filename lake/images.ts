import {createHash} from 'node:crypto'
import {readFileSync} from 'node:fs'
import sharp from 'sharp'
import {svgSize} from './assets.ts'
import {badRequest} from './errors.ts'
import {Gate} from './gate.ts'
import type {ImageCache} from './image-cache.ts'
import {mimeTypeOf} from './mime.ts'

export interface RenderedImage {
  data: Buffer
  contentType: string
  etag: string
  /** Set when the format was picked from the Accept header. */
  varyOnAccept: boolean
}

type OutputFormat = 'jpg' | 'png' | 'webp' | 'avif'

interface Transform {
  width?: number
  height?: number
  fit: string
  format?: OutputFormat
  quality: number
  rect?: {left: number; top: number; width: number; height: number}
  background?: string
}

const FITS = ['clip', 'crop', 'fill', 'fillmax', 'max', 'scale', 'min']
const FORMATS: Record<string, OutputFormat> = {
  jpg: 'jpg',
  pjpg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
}
/** The largest `w`, `h` (times `dpr`) a request may name, as on Sanity's CDN. */
const MAX_SIDE = 8192
/**
 * What a rendition may come to: larger requests are scaled down, keeping their shape, as
 * Sanity's `fit=max` does. 4,096 px a side holds the site's widest rendition (3,840 px, see
 * WIDTH_STEPS in src/lib/images.ts); 12 MP holds its largest pictures at 2x. Rendering
 * grows with the pixels: 8192 x 8192 as AVIF took 2 min 24 s and 2.56 GB here.
 */
export const MAX_OUTPUT_SIDE = 4096
export const MAX_OUTPUT_PIXELS = 12_000_000
/**
 * Renders run two at a time (this machine has two cores), at most 16 wait, each at most
 * 15 s; past that a request gets a 429 rather than adding to the memory and the wait.
 */
const renders = new Gate(2, 16, 15_000, 'image transforms')
/** AVIF encodes several times slower than WebP: a bounded quality and effort keep it in time. */
const AVIF_MAX_QUALITY = 60
const AVIF_EFFORT = 2

/**
 * The image pipeline behind `/images/...`: the parameters @sanity/image-url writes (w, h,
 * fit, fm, q, auto=format, rect, dpr, bg) applied with sharp. An untouched request gets the
 * original bytes, so SVG stays SVG unless a format is asked for explicitly. A variant is
 * rendered once and then served from `cache` while it stays there.
 */
export async function renderImage(
  source: string,
  extension: string,
  search: URLSearchParams,
  accept: string,
  cache: ImageCache,
  size: {width: number; height: number},
): Promise<RenderedImage> {
  const {transform: asked, varyOnAccept} = readTransform(search, extension, accept)
  const transform = clampOutput(asked, size, extension === 'svg')
  const isSvg = extension === 'svg'
  const untouched = isSvg ? transform.format === undefined : isIdentity(transform)
  if (untouched) {
    return {
      data: readFileSync(source),
      contentType: mimeTypeOf(extension),
      etag: `"${hash(source)}"`,
      varyOnAccept: false,
    }
  }
  const format = transform.format ?? (isSvg ? 'png' : (FORMATS[extension] ?? 'png'))
  const key = hash(`${source}\n${JSON.stringify(transform)}\n${format}`)
  const name = `${key}.${format}`
  const etag = `"${key}"`
  const cached = cache.get(name)
  if (cached) return {data: cached, contentType: mimeTypeOf(format), etag, varyOnAccept}

  const data = await renders.run(() => render(source, transform, format, isSvg))
  cache.put(name, data)
  return {data, contentType: mimeTypeOf(format), etag, varyOnAccept}
}

async function render(
  source: string,
  transform: Transform,
  format: OutputFormat,
  isSvg: boolean,
): Promise<Buffer> {
  const input = readFileSync(source)
  let image = sharp(input, isSvg ? {density: svgDensity(input, transform)} : {})
  if (transform.rect) image = image.extract(transform.rect)
  if (transform.width || transform.height) {
    const {fit, withoutEnlargement} = sharpFit(transform.fit, isSvg)
    image = image.resize({
      width: transform.width,
      height: transform.height,
      fit,
      withoutEnlargement,
      background: transform.background ?? '#ffffff',
    })
  }
  if (format === 'jpg')
    image = image
      .flatten({background: transform.background ?? '#ffffff'})
      .jpeg({quality: transform.quality, mozjpeg: true})
  else if (format === 'png') image = image.png()
  else if (format === 'webp') image = image.webp({quality: transform.quality})
  else
    image = image.avif({
      quality: Math.min(AVIF_MAX_QUALITY, Math.max(1, transform.quality - 20)),
      effort: AVIF_EFFORT,
    })
  try {
    return await image.toBuffer()
  } catch (error) {
    throw badRequest(`Image transform failed: ${(error as Error).message}`)
  }
}

/**
 * The transform scaled down, shape kept, so that its output stays within MAX_OUTPUT_SIDE
 * and MAX_OUTPUT_PIXELS. The output is worked out from the source's size (the asset's
 * file name carries it) the way sharpFit resizes; a bound from above is enough.
 */
function clampOutput(
  t: Transform,
  source: {width: number; height: number},
  isSvg: boolean,
): Transform {
  const base = t.rect ?? source
  const aspect = base.width / base.height
  let width: number
  let height: number
  if (t.width === undefined && t.height === undefined) {
    ;({width, height} = base)
  } else if (t.width === undefined || t.height === undefined) {
    width = t.width ?? (t.height as number) * aspect
    height = t.height ?? (t.width as number) / aspect
  } else if (t.fit === 'clip' || t.fit === 'max') {
    // Inside the box, never larger than the source for a photo.
    const scale = Math.min(t.width / base.width, t.height / base.height)
    const grown = isSvg ? scale : Math.min(1, scale)
    width = base.width * grown
    height = base.height * grown
  } else {
    width = t.width
    height = t.height
  }
  const factor = Math.min(
    1,
    MAX_OUTPUT_SIDE / width,
    MAX_OUTPUT_SIDE / height,
    Math.sqrt(MAX_OUTPUT_PIXELS / (width * height)),
  )
  if (factor >= 1) return t
  const scaled = (value: number) => Math.max(1, Math.floor(value * factor))
  if (t.width === undefined && t.height === undefined)
    return {...t, width: scaled(width), height: scaled(height), fit: 'clip'}
  return {
    ...t,
    width: t.width === undefined ? undefined : scaled(t.width),
    height: t.height === undefined ? undefined : scaled(t.height),
  }
}

function readTransform(
  search: URLSearchParams,
  extension: string,
  accept: string,
): {transform: Transform; varyOnAccept: boolean} {
  const int = (name: string, min: number, max: number): number | undefined => {
    const raw = search.get(name)
    if (raw === null || raw === '') return undefined
    const value = Number(raw)
    if (!Number.isFinite(value) || value < min || value > max)
      throw badRequest(`Invalid image parameter ${name}=${raw}`)
    return value
  }
  const dpr = int('dpr', 0.1, 5) ?? 1
  const scaled = (value: number | undefined) =>
    value === undefined ? undefined : Math.max(1, Math.min(MAX_SIDE, Math.round(value * dpr)))
  const fit = search.get('fit') ?? 'clip'
  if (!FITS.includes(fit)) throw badRequest(`Invalid image parameter fit=${fit}`)
  const fm = search.get('fm')
  let format: OutputFormat | undefined
  if (fm !== null) {
    format = FORMATS[fm]
    if (!format) throw badRequest(`Invalid image parameter fm=${fm}`)
  }
  let varyOnAccept = false
  if (format === undefined && search.get('auto') === 'format' && extension !== 'svg') {
    varyOnAccept = true
    if (accept.includes('image/avif')) format = 'avif'
    else if (accept.includes('image/webp')) format = 'webp'
  }
  let rect: Transform['rect']
  const rawRect = search.get('rect')
  if (rawRect !== null) {
    const parts = rawRect.split(',').map(Number)
    const [left, top, width, height] = parts
    if (
      parts.length !== 4 ||
      parts.some((n) => !Number.isInteger(n) || n < 0) ||
      !width ||
      !height
    ) {
      throw badRequest(`Invalid image parameter rect=${rawRect}`)
    }
    rect = {left: left ?? 0, top: top ?? 0, width, height}
  }
  const bg = search.get('bg')
  if (bg !== null && !/^[0-9a-fA-F]{3,8}$/.test(bg))
    throw badRequest(`Invalid image parameter bg=${bg}`)
  return {
    transform: {
      width: scaled(int('w', 1, MAX_SIDE)),
      height: scaled(int('h', 1, MAX_SIDE)),
      fit,
      format,
      quality: Math.round(int('q', 0, 100) ?? 75),
      rect,
      background: bg === null ? undefined : `#${bg}`,
    },
    varyOnAccept,
  }
}

function isIdentity(t: Transform): boolean {
  return (
    t.width === undefined &&
    t.height === undefined &&
    t.format === undefined &&
    t.rect === undefined
  )
}

function sharpFit(
  fit: string,
  isSvg: boolean,
): {fit: keyof sharp.FitEnum; withoutEnlargement: boolean} {
  // Vector art can always be drawn larger; photos are not blown up past their pixels
  // unless the fit mode says so.
  const grow = (allowed: boolean) => isSvg || allowed
  switch (fit) {
    case 'crop':
      return {fit: 'cover', withoutEnlargement: !grow(true)}
    case 'fill':
      return {fit: 'contain', withoutEnlargement: !grow(true)}
    case 'fillmax':
      return {fit: 'contain', withoutEnlargement: !grow(false)}
    case 'scale':
      return {fit: 'fill', withoutEnlargement: !grow(true)}
    case 'min':
      return {fit: 'cover', withoutEnlargement: !grow(false)}
    default:
      return {fit: 'inside', withoutEnlargement: !grow(false)}
  }
}

/** Renders an SVG at a density that gives at least the requested pixel size, so it stays sharp. */
function svgDensity(svg: Buffer, t: Transform): number {
  const size = svgSize(svg.toString('utf8'))
  if (!size) return 72
  const scale = Math.max((t.width ?? 0) / size.width, (t.height ?? 0) / size.height, 1)
  return Math.min(72 * scale, 2400)
}

function hash(text: string): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 24)
}

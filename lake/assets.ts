import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, renameSync, writeFileSync} from 'node:fs'
import {extname, join} from 'node:path'
import sharp from 'sharp'
import {badRequest} from './errors.ts'
import {extensionOf, mimeTypeOf} from './mime.ts'

export type AssetKind = 'image' | 'file'

export interface AssetInput {
  kind: AssetKind
  data: Buffer
  originalFilename?: string
  /** The uploader's Content-Type, used only when the bytes do not say. */
  mimeType?: string
}

/** An asset document before the store stamps `_rev` and the timestamps. */
export type AssetDocument = Record<string, unknown> & {_id: string; _type: string; path: string}

/** Where an asset's bytes live inside a dataset directory, by the tail of its public path. */
export function assetFile(datasetDir: string, kind: AssetKind, fileName: string): string {
  return join(datasetDir, 'assets', kind === 'image' ? 'images' : 'files', fileName)
}

/**
 * Stores the bytes under their SHA-1 (so the same upload twice is one asset) and describes
 * them the way Sanity does: `image-<sha1>-<w>x<h>-<ext>` / `file-<sha1>-<ext>` ids, the
 * public `path`, and for images `metadata.dimensions`.
 */
export async function ingestAsset(
  datasetDir: string,
  projectId: string,
  dataset: string,
  input: AssetInput,
): Promise<AssetDocument> {
  const sha1 = createHash('sha1').update(input.data).digest('hex')
  const common = {
    assetId: sha1,
    sha1hash: sha1,
    size: input.data.length,
    originalFilename: input.originalFilename ?? sha1,
  }
  if (input.kind === 'image') {
    const {extension, width, height, hasAlpha} = await describeImage(input.data)
    const fileName = `${sha1}-${width}x${height}.${extension}`
    saveOnce(assetFile(datasetDir, 'image', fileName), input.data)
    return {
      _id: `image-${sha1}-${width}x${height}-${extension}`,
      _type: 'sanity.imageAsset',
      ...common,
      extension,
      mimeType: mimeTypeOf(extension),
      path: `images/${projectId}/${dataset}/${fileName}`,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: width / height},
        hasAlpha,
        isOpaque: !hasAlpha,
      },
    }
  }
  const fromName = extname(input.originalFilename ?? '')
    .slice(1)
    .toLowerCase()
  const extension = /^[a-z0-9]{1,10}$/.test(fromName)
    ? fromName
    : (input.mimeType && extensionOf(input.mimeType)) || 'bin'
  const fileName = `${sha1}.${extension}`
  saveOnce(assetFile(datasetDir, 'file', fileName), input.data)
  return {
    _id: `file-${sha1}-${extension}`,
    _type: 'sanity.fileAsset',
    ...common,
    extension,
    mimeType: mimeTypeOf(extension),
    path: `files/${projectId}/${dataset}/${fileName}`,
  }
}

async function describeImage(
  data: Buffer,
): Promise<{extension: string; width: number; height: number; hasAlpha: boolean}> {
  let meta: sharp.Metadata
  try {
    meta = await sharp(data).metadata()
  } catch {
    throw badRequest('Invalid image: the uploaded file is not an image format the lake can read')
  }
  if (meta.format === 'svg') {
    const size = svgSize(data.toString('utf8')) ?? {width: meta.width, height: meta.height}
    if (!size.width || !size.height)
      throw badRequest('Invalid image: SVG without width/height or viewBox')
    return {extension: 'svg', width: size.width, height: size.height, hasAlpha: true}
  }
  if (!meta.width || !meta.height) throw badRequest('Invalid image: unknown dimensions')
  const extension = meta.format === 'jpeg' ? 'jpg' : meta.format === 'heif' ? 'avif' : meta.format
  return {extension, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha ?? false}
}

/** SVG size from the root's width/height (px or unitless), else from its viewBox. */
export function svgSize(svg: string): {width: number; height: number} | undefined {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0]
  if (!root) return undefined
  const attr = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1]?.trim()
  const length = (value: string | undefined) => {
    const match = value ? /^(\d+(?:\.\d+)?)(px)?$/.exec(value) : null
    return match ? Number(match[1]) : undefined
  }
  const viewBox = attr('viewBox')
    ?.split(/[\s,]+/)
    .map(Number)
  const boxWidth = viewBox?.length === 4 ? viewBox[2] : undefined
  const boxHeight = viewBox?.length === 4 ? viewBox[3] : undefined
  let width = length(attr('width'))
  let height = length(attr('height'))
  if (width === undefined && height !== undefined && boxWidth && boxHeight)
    width = (height * boxWidth) / boxHeight
  if (height === undefined && width !== undefined && boxWidth && boxHeight)
    height = (width * boxHeight) / boxWidth
  width ??= boxWidth
  height ??= boxHeight
  if (!width || !height || !Number.isFinite(width) || !Number.isFinite(height)) return undefined
  return {width: Math.round(width), height: Math.round(height)}
}

function saveOnce(file: string, data: Buffer): void {
  if (existsSync(file)) return
  mkdirSync(join(file, '..'), {recursive: true})
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, data, {flush: true})
  renameSync(tmp, file)
}

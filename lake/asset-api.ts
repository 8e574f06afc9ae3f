import {createReadStream, existsSync, statSync} from 'node:fs'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {assetFile, ingestAsset, type AssetKind} from './assets.ts'
import type {DatasetStore} from './dataset-store.ts'
import {LakeError, notFound} from './errors.ts'
import {readBody, requireAuthorized, sendJson, UPLOAD_BODY_LIMIT, type TokenCheck} from './http.ts'
import type {ImageCache} from './image-cache.ts'
import {renderImage} from './images.ts'
import {mimeTypeOf} from './mime.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * Uploaded files are shown, never run: a script inside an SVG opened from the lake must not execute
 * on its origin, nor load anything.
 */
const ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

export interface UploadRequest {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  store: DatasetStore
  datasetDir: string
  projectId: string
  dataset: string
  tokens: TokenCheck
}

/** `POST /v{ver}/assets/{images|files}/{dataset}`, what `client.assets.upload` sends. */
export async function handleUpload(kind: AssetKind, request: UploadRequest): Promise<void> {
  const {req, res, url, store, tokens} = request
  requireAuthorized(req, tokens)
  const data = await readBody(req, UPLOAD_BODY_LIMIT)
  const asset = await ingestAsset(request.datasetDir, request.projectId, request.dataset, {
    kind,
    data,
    originalFilename: url.searchParams.get('filename') ?? undefined,
    mimeType: req.headers['content-type'],
  })
  for (const field of ['label', 'title', 'description', 'creditLine']) {
    const value = url.searchParams.get(field)
    if (value) asset[field] = value
  }
  const {results} = await store.transact({mutations: [{createIfNotExists: asset}]})
  sendJson(res, 200, {document: results[0]?.document})
}

export interface ServeRequest {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  datasetDir: string
  fileName: string
  /** The dataset's rendered image variants. */
  imageCache: ImageCache
}

/** `/images/{projectId}/{dataset}/{sha1}-{w}x{h}.{ext}`, where @sanity/image-url points. */
export async function serveImage({
  req,
  res,
  url,
  datasetDir,
  fileName,
  imageCache,
}: ServeRequest): Promise<void> {
  // The name carries the stored image's size: it was given at upload from the bytes.
  const match = /^[0-9a-f]{40}-(\d+)x(\d+)\.([a-z0-9]+)$/.exec(fileName)
  const source = assetFile(datasetDir, 'image', fileName)
  if (!match?.[3] || !existsSync(source)) throw notFound('Image not found')
  const image = await renderImage(
    source,
    match[3],
    url.searchParams,
    req.headers.accept ?? '',
    imageCache,
    {width: Number(match[1]), height: Number(match[2])},
  )
  const headers: Record<string, string> = {
    'Content-Type': image.contentType,
    'Cache-Control': IMMUTABLE,
    ETag: image.etag,
    'Content-Security-Policy': ASSET_POLICY,
  }
  if (image.varyOnAccept) res.setHeader('Vary', 'Origin, Accept')
  send(req, res, headers, image.data)
}

/**
 * `/files/{projectId}/{dataset}/{sha1}.{ext}`, streamed from disk. Byte ranges are answered
 * as Sanity's CDN does (206 with `Content-Range`, 416 outside the file): browsers fetch video
 * that way, to start playing before the whole file is there and to seek.
 */
export function serveFile({req, res, datasetDir, fileName}: ServeRequest): void {
  const match = /^[0-9a-f]{40}\.([a-z0-9]+)$/.exec(fileName)
  const source = assetFile(datasetDir, 'file', fileName)
  if (!match?.[1] || !existsSync(source)) throw notFound('File not found')
  const size = statSync(source).size
  const headers: Record<string, string> = {
    'Content-Type': mimeTypeOf(match[1]),
    'Cache-Control': IMMUTABLE,
    ETag: `"${fileName}"`,
    'Accept-Ranges': 'bytes',
    'Content-Security-Policy': ASSET_POLICY,
  }
  if (req.headers['if-none-match'] === headers.ETag) {
    res.writeHead(304, headers)
    res.end()
    return
  }
  const ifRange = req.headers['if-range']
  const range = parseRange(
    req.headers.range,
    size,
    typeof ifRange === 'string' ? ifRange : undefined,
    headers.ETag,
  )
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${size}`)
    throw new LakeError(416, 'rangeNotSatisfiable', `Range outside the file of ${size} bytes`)
  }
  const [start, end] = range ?? [0, size - 1]
  const status = range ? 206 : 200
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`
  res.writeHead(status, {...headers, 'Content-Length': String(size === 0 ? 0 : end - start + 1)})
  if (req.method === 'HEAD' || size === 0) {
    res.end()
    return
  }
  createReadStream(source, {start, end})
    .on('error', () => res.destroy())
    .pipe(res)
}

/**
 * The one byte range of a `Range: bytes=…` header as inclusive offsets, undefined when the
 * whole file is to be sent (no header, a header this server does not take, several ranges,
 * or an `If-Range` that no longer matches), or 'unsatisfiable' when it starts past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
  ifRange?: string,
  etag?: string,
): [number, number] | 'unsatisfiable' | undefined {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    return [Math.max(0, size - suffix), size - 1]
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size) return 'unsatisfiable'
  if (end < start) return undefined
  return [start, end]
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
  data: Buffer,
): void {
  if (req.headers['if-none-match'] === headers.ETag) {
    res.writeHead(304, headers)
    res.end()
    return
  }
  res.writeHead(200, {...headers, 'Content-Length': String(data.length)})
  res.end(req.method === 'HEAD' ? undefined : data)
}

import {existsSync, readFileSync} from 'node:fs'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {assetFile, ingestAsset, type AssetKind} from './assets.ts'
import type {DatasetStore} from './dataset-store.ts'
import {notFound} from './errors.ts'
import {readBody, requireAuthorized, sendJson, UPLOAD_BODY_LIMIT, type TokenCheck} from './http.ts'
import type {ImageCache} from './image-cache.ts'
import {renderImage} from './images.ts'
import {mimeTypeOf} from './mime.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Uploaded files are shown, never run: a script inside an SVG opened from the lake must not execute on its origin, nor load anything. */
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
export async function serveImage({req, res, url, datasetDir, fileName, imageCache}: ServeRequest): Promise<void> {
  const match = /^[0-9a-f]{40}-\d+x\d+\.([a-z0-9]+)$/.exec(fileName)
  const source = assetFile(datasetDir, 'image', fileName)
  if (!match?.[1] || !existsSync(source)) throw notFound('Image not found')
  const image = await renderImage(source, match[1], url.searchParams, req.headers.accept ?? '', imageCache)
  const headers: Record<string, string> = {'Content-Type': image.contentType, 'Cache-Control': IMMUTABLE, ETag: image.etag, 'Content-Security-Policy': ASSET_POLICY}
  if (image.varyOnAccept) res.setHeader('Vary', 'Origin, Accept')
  send(req, res, headers, image.data)
}

/** `/files/{projectId}/{dataset}/{sha1}.{ext}`. */
export function serveFile({req, res, datasetDir, fileName}: ServeRequest): void {
  const match = /^[0-9a-f]{40}\.([a-z0-9]+)$/.exec(fileName)
  const source = assetFile(datasetDir, 'file', fileName)
  if (!match?.[1] || !existsSync(source)) throw notFound('File not found')
  send(req, res, {'Content-Type': mimeTypeOf(match[1]), 'Cache-Control': IMMUTABLE, ETag: `"${fileName}"`, 'Content-Security-Policy': ASSET_POLICY}, readFileSync(source))
}

function send(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>, data: Buffer): void {
  if (req.headers['if-none-match'] === headers.ETag) {
    res.writeHead(304, headers)
    res.end()
    return
  }
  res.writeHead(200, {...headers, 'Content-Length': String(data.length)})
  res.end(req.method === 'HEAD' ? undefined : data)
}

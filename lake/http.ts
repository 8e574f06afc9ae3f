import {createHash, timingSafeEqual} from 'node:crypto'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {badRequest, LakeError, unauthorized} from './errors.ts'

export const JSON_BODY_LIMIT = 4 * 1024 * 1024
export const UPLOAD_BODY_LIMIT = 64 * 1024 * 1024

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body))
}

/** Sends text that is already JSON. */
export function sendJsonText(res: ServerResponse, status: number, json: string): void {
  const data = Buffer.from(json, 'utf8')
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': data.length,
  })
  res.end(data)
}

export function sendError(res: ServerResponse, error: LakeError): void {
  sendJson(res, error.status, error.body())
}

/** Reads the whole body, refusing (413) anything over `limit` bytes before buffering it. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () =>
    new LakeError(413, 'httpPayloadTooLarge', `Request body exceeds the limit of ${limit} bytes`)
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) throw tooLarge()
  // Events rather than `for await`: leaving that loop early would destroy the socket
  // before the 413 could be read. Past the limit the rest is read and dropped.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      if (size > limit) return
      size += chunk.length
      if (size > limit) reject(tooLarge())
      else chunks.push(chunk)
    })
    req.on('end', () => {
      if (size <= limit) resolve(Buffer.concat(chunks))
    })
    req.on('error', reject)
  })
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, JSON_BODY_LIMIT)
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    throw badRequest('Invalid JSON in request body')
  }
}

/** Whether a bearer token opens the dataset: the write token, or a signed-in Studio session. */
export type TokenCheck = (token: string) => boolean

/** Compares secrets in constant time; digests of equal length hide the lengths too. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * Whether the request carries a valid token. No token means an anonymous reader; a wrong
 * token is refused outright, as Sanity does.
 */
export function isAuthorized(req: IncomingMessage, check: TokenCheck): boolean {
  const token = bearerToken(req)
  if (token === undefined) return false
  if (!check(token)) throw unauthorized()
  return true
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  if (header === undefined) return undefined
  return /^Bearer\s+(.+)$/i.exec(header.trim())?.[1] ?? ''
}

export function requireAuthorized(req: IncomingMessage, check: TokenCheck): void {
  if (!isAuthorized(req, check))
    throw unauthorized('Unauthorized - this request needs a token with write access')
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1']

/**
 * The origins as given, each loopback one also under the other loopback name: a page on
 * this machine is the same site whether the browser was given `localhost` or `127.0.0.1`.
 */
export function withLoopbackTwins(origins: Iterable<string>): Set<string> {
  const all = new Set<string>()
  for (const origin of origins) {
    const url = new URL(origin)
    all.add(url.origin)
    if (!LOOPBACK_NAMES.includes(url.hostname)) continue
    for (const name of LOOPBACK_NAMES) {
      url.hostname = name
      all.add(url.origin)
    }
  }
  return all
}

/** What the CORS check made of a request's `Origin`. */
export type CorsOutcome = 'allowed' | 'refused' | 'none'

/** CORS for the configured origins only; everyone else gets no CORS headers at all. */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  origins: Set<string>,
): CorsOutcome {
  const origin = req.headers.origin
  res.setHeader('Vary', 'Origin')
  if (!origin) return 'none'
  if (!origins.has(origin)) return 'refused'
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  return 'allowed'
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse, allowed: boolean): void {
  if (allowed) {
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
    )
    res.setHeader('Access-Control-Max-Age', '600')
  }
  res.writeHead(204)
  res.end()
}

export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw badRequest(`Malformed URL segment "${segment}"`)
  }
}

// Proxies and browsers drop a silent stream; a comment line now and then keeps it open.
const KEEP_ALIVE_MS = 25_000

/**
 * Starts a server-sent event stream: its headers and first event now, a comment every
 * 25 s, and `close` when the client goes away. `open` lists the streams the lake ends when
 * it shuts down.
 */
export function startEventStream(
  res: ServerResponse,
  open: Set<ServerResponse>,
  firstEvent: string,
  close: () => void,
): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  })
  res.write(firstEvent)
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS)
  open.add(res)
  res.on('close', () => {
    clearInterval(keepAlive)
    close()
    open.delete(res)
  })
}

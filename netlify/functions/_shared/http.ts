/**
 * Answers and request parsing shared by every function. Functions do not get the
 * headers of netlify.toml, so each answer carries its own security headers here.
 */
import type {FieldErrors} from '#shared/field-errors.ts'

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
}

function withSecurityHeaders(headers?: HeadersInit): Headers {
  const merged = new Headers(SECURITY_HEADERS)
  new Headers(headers).forEach((value, name) => merged.set(name, value))
  return merged
}

/** A JSON answer (Response.json escapes what it serializes, so input is never echoed raw). */
export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, {status, headers: withSecurityHeaders(headers)})
}

/** The error shape of every endpoint: `{ok: false, error, fields?}` with a Korean message. */
export function fail(
  status: number,
  error: string,
  fields?: FieldErrors,
  headers?: HeadersInit,
): Response {
  return json(fields ? {ok: false, error, fields} : {ok: false, error}, status, headers)
}

/** The 400 of a staff read whose filter does not hold, and its words for a malformed date. */
export const QUERY_REFUSED = '조회 조건을 확인해 주세요.'
export const DATE_FORMAT = '날짜는 YYYY-MM-DD 형식으로 입력해 주세요.'

export function methodNotAllowed(allowed: readonly string[]): Response {
  return fail(405, '허용되지 않는 요청 방식입니다.', undefined, {Allow: allowed.join(', ')})
}

export function tooManyRequests(retryAfterS: number, message: string): Response {
  return fail(429, message, undefined, {'Retry-After': String(Math.max(1, Math.ceil(retryAfterS)))})
}

type BodyResult = {ok: true; text: string} | {ok: false; response: Response}

/**
 * Reads the body as text, stopping as soon as it exceeds `maxBytes`, so an oversized
 * upload is refused without being held in memory.
 */
export async function readBody(req: Request, maxBytes: number): Promise<BodyResult> {
  const tooLarge = (): BodyResult => ({ok: false, response: fail(413, '요청 내용이 너무 큽니다.')})
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > maxBytes) return tooLarge()
  if (!req.body) return {ok: true, text: ''}
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let received = 0
  for (;;) {
    const {done, value} = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > maxBytes) {
      await reader.cancel()
      return tooLarge()
    }
    chunks.push(value)
  }
  return {ok: true, text: Buffer.concat(chunks).toString('utf8')}
}

type JsonResult = {ok: true; value: unknown} | {ok: false; response: Response}

/** Reads a JSON body: 415 for another content type, 413 past the limit, 400 when malformed. */
export async function readJsonBody(req: Request, maxBytes: number): Promise<JsonResult> {
  if (!isContentType(req, 'application/json')) {
    return {ok: false, response: fail(415, 'JSON 형식(application/json)으로 보내 주세요.')}
  }
  const body = await readBody(req, maxBytes)
  if (!body.ok) return body
  try {
    return {ok: true, value: JSON.parse(body.text) as unknown}
  } catch {
    return {ok: false, response: fail(400, '요청 형식이 올바르지 않습니다.')}
  }
}

export function isContentType(req: Request, type: string): boolean {
  const header = req.headers.get('content-type') ?? ''
  return header.split(';')[0]?.trim().toLowerCase() === type
}

/** Narrows an unknown JSON value to a plain object, or null. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

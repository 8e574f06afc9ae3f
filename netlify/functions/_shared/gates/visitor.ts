import {setting, type SettingName} from '#config/settings.ts'
import {timingSafeEqual} from 'node:crypto'
import type {Context} from '@netlify/functions'
import {addressKey} from '../auth/address-key.ts'
import {fail} from '../http.ts'
import {unscrubbedRefusal} from '../production-copy/gate.ts'

/**
 * The local stack's edge proxy (scripts/lib/edge-proxy.ts) sends every request on with
 * this stack's secret in EDGE_PROOF_HEADER and the visitor's socket address in
 * EDGE_CLIENT_HEADER, after dropping any copy the visitor sent. The functions hold the
 * same secret in EDGE_SECRET_ENV; Netlify never sets it.
 */
export const EDGE_SECRET_ENV = 'EDGE_PROXY_SECRET' satisfies SettingName
export const EDGE_PROOF_HEADER = 'x-edge-proof'
export const EDGE_CLIENT_HEADER = 'x-edge-client-ip'

export const EDGE_ONLY_MESSAGE = '사이트 주소로만 요청할 수 있습니다.'

/** What every call without the proxy's proof counts as, wherever it says it comes from. */
const UNPROVEN = 'unproven'

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The address behind a function's request, as the platform vouches for it.
 *
 * On Netlify (no EDGE_SECRET_ENV) `context.ip` is the socket address Netlify's edge saw:
 * the edge overwrites any client-ip header a visitor sends, so it is trusted as it is.
 * Locally, netlify-cli derives `context.ip` from the caller's X-Forwarded-For, and behind
 * the edge proxy it only ever sees the proxy: the address is taken from the proxy's header,
 * and only with its proof. A call without the proof (netlify-cli's own ports), which
 * throughEdgeOnly refuses first, names no address anyone vouches for: all count as one.
 */
export function clientAddress(req: Request, context: Pick<Context, 'ip'>): string {
  const secret = setting(EDGE_SECRET_ENV)
  if (!secret) return context.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown'
  const proof = req.headers.get(EDGE_PROOF_HEADER)
  const client = req.headers.get(EDGE_CLIENT_HEADER)
  return proof && client && sameSecret(proof, secret) ? client : UNPROVEN
}

/** The visitor key of the address behind a request: the address itself is not kept. */
export const visitorKey = (req: Request, context: Pick<Context, 'ip'>): string =>
  addressKey(clientAddress(req, context))

/** Whether the call came through the local edge proxy (always true on Netlify). */
function provenByEdge(req: Request): boolean {
  const secret = setting(EDGE_SECRET_ENV)
  const proof = req.headers.get(EDGE_PROOF_HEADER)
  return !secret || (proof !== null && sameSecret(proof, secret))
}

/**
 * A function that answers only calls the edge proxy sent on. netlify-cli's own ports are
 * on loopback, but a call there would skip the proxy's body cap, deadlines and per-client
 * share of the function slots. Being every function's door, it also keeps a deploy preview's
 * or branch deploy's functions shut until production's people are scrubbed from its copy
 * of the database (../production-copy/gate.ts).
 */
export function throughEdgeOnly<Rest extends unknown[]>(
  handler: (req: Request, ...rest: Rest) => Promise<Response>,
): (req: Request, ...rest: Rest) => Promise<Response> {
  return async (req, ...rest) => {
    if (!provenByEdge(req)) return fail(403, EDGE_ONLY_MESSAGE)
    return (await unscrubbedRefusal(req)) ?? handler(req, ...rest)
  }
}

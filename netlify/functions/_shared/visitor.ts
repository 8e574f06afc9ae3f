import {createHash} from 'node:crypto'
import type {Context} from '@netlify/functions'

/**
 * A stable, non-reversible key for the visitor behind a request, for per-visitor limits.
 * The address is hashed so that no raw IP address is ever stored.
 */
export function visitorKey(req: Request, context: Pick<Context, 'ip'>): string {
  const ip = context.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown'
  return createHash('sha256').update(ip).digest('base64url').slice(0, 22)
}

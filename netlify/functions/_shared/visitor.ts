import type {Context} from '@netlify/functions'
import {addressKey} from '../../../shared/auth/address-key.ts'

/** The visitor key of the address behind a function's request. */
export function visitorKey(req: Request, context: Pick<Context, 'ip'>): string {
  return addressKey(context.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown')
}

import {createHmac, timingSafeEqual} from 'node:crypto'
import {signingKey} from '../auth/signing-key.ts'

/*
 * The visitor's own link to a booking (`/{site}/visit/{token}`): the lead's id and a MAC
 * of it under AUTH_SECRET, so the link is unguessable, needs no stored secret, and every
 * text about the same booking (confirmation, reminder, notices) carries the same link.
 * Whether the link still works (the visit day passed, the booking was cancelled) is the
 * booking's state, checked where the link is used.
 */

const ID_BYTES = 16
const MAC_BYTES = 16
const TOKEN = /^[A-Za-z0-9_-]{43}$/

function mac(id: Buffer, env: Record<string, string | undefined>): Buffer {
  return createHmac('sha256', signingKey(env))
    .update('visit-link:')
    .update(id)
    .digest()
    .subarray(0, MAC_BYTES)
}

/** The link token of a lead (a UUID). */
export function visitToken(leadId: string, env = process.env): string {
  const id = Buffer.from(leadId.replaceAll('-', ''), 'hex')
  if (id.length !== ID_BYTES) throw new Error(`not a lead id: ${leadId}`)
  return Buffer.concat([id, mac(id, env)]).toString('base64url')
}

/** The lead id a token was made for, or null for a malformed or tampered token. */
export function leadIdOfToken(token: string, env = process.env): string | null {
  if (!TOKEN.test(token)) return null
  const bytes = Buffer.from(token, 'base64url')
  const id = bytes.subarray(0, ID_BYTES)
  if (!timingSafeEqual(bytes.subarray(ID_BYTES), mac(id, env))) return null
  const hex = id.toString('hex')
  return [0, 8, 12, 16, 20].map((at, i, ends) => hex.slice(at, ends[i + 1])).join('-')
}

/** The visitor's page of a booking on a site. */
export function visitPath(site: string, leadId: string, env = process.env): string {
  return `/${encodeURIComponent(site)}/visit/${visitToken(leadId, env)}`
}

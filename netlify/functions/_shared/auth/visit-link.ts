import type {Env} from '#config/settings.ts'
import {createHmac, timingSafeEqual} from 'node:crypto'
import {signingKey} from '../auth/signing-key.ts'

/*
 * The visitor's own link to a booking (`/{site}/visit/{token}`): the lead's id and a MAC
 * of it under AUTH_SECRET, so the link is unguessable, needs no stored secret, and every
 * text about the same booking (confirmation, reminder, notices) carries the same link.
 * Whether the link still works (the visit day passed, the booking was cancelled) is the
 * booking's state, checked where the link is used.
 *
 * A link is made for one of two holders. The registration's answer gives the person who
 * filled in the form the 'registrant' link; the texts carry the 'owner' link, which only
 * the phone the number belongs to receives. Both open the same booking; only the owner's
 * confirms the marketing consent or withdraws it for the number on every site.
 */

export type LinkHolder = 'registrant' | 'owner'

const ID_BYTES = 16
const MAC_BYTES = 16
const TOKEN = /^[A-Za-z0-9_-]{43}$/
const PURPOSE: Record<LinkHolder, string> = {registrant: 'visit-link:', owner: 'visit-owner-link:'}

function mac(id: Buffer, holder: LinkHolder, env: Env): Buffer {
  return createHmac('sha256', signingKey(env))
    .update(PURPOSE[holder])
    .update(id)
    .digest()
    .subarray(0, MAC_BYTES)
}

/** The link token of a lead (a UUID) for its holder. */
export function visitToken(
  leadId: string,
  env = process.env,
  holder: LinkHolder = 'registrant',
): string {
  const id = Buffer.from(leadId.replaceAll('-', ''), 'hex')
  if (id.length !== ID_BYTES) throw new Error(`not a lead id: ${leadId}`)
  return Buffer.concat([id, mac(id, holder, env)]).toString('base64url')
}

/** The lead a token was made for and its holder, or null for a malformed or tampered token. */
export function linkOfToken(
  token: string,
  env = process.env,
): {leadId: string; holder: LinkHolder} | null {
  if (!TOKEN.test(token)) return null
  const bytes = Buffer.from(token, 'base64url')
  const id = bytes.subarray(0, ID_BYTES)
  const given = bytes.subarray(ID_BYTES)
  const holder = (['owner', 'registrant'] as const).find((one) =>
    timingSafeEqual(given, mac(id, one, env)),
  )
  if (!holder) return null
  const hex = id.toString('hex')
  const leadId = [0, 8, 12, 16, 20].map((at, i, ends) => hex.slice(at, ends[i + 1])).join('-')
  return {leadId, holder}
}

/** The visitor's page of a booking on a site, for the link's holder. */
export function visitPath(
  site: string,
  leadId: string,
  env = process.env,
  holder: LinkHolder = 'registrant',
): string {
  return `/${encodeURIComponent(site)}/visit/${visitToken(leadId, env, holder)}`
}

import type {Env} from '#config/settings.ts'
import {createHmac} from 'node:crypto'
import {SESSION_MINUTES, type VerifiedBy} from '#shared/visitor-data/contract.ts'
import {signingKey} from '../auth/signing-key.ts'
import {signToken, verifyToken} from '../auth/signed-token.ts'

/*
 * The data page's session: a short-lived token (SESSION_MINUTES) signed under AUTH_SECRET for
 * one number on one site, given once a code texted to the number was typed back. The page
 * keeps it in the tab's sessionStorage only, and sends it as `Authorization: Bearer`. Its
 * audience pins it to the visitor's endpoints: a staff token is refused there, and it there.
 */

const AUDIENCE = 'lakeside-rental-site/visitor-data'

/** Whose data a valid session opens, and how they proved it. */
export interface VisitorIdentity {
  site: string
  phone: string
  verifiedBy: VerifiedBy
}

export async function signVisitorSession(
  identity: VisitorIdentity,
  now: number,
  env: Env = process.env,
): Promise<{token: string; expiresAt: string}> {
  const {token, expiresAt} = await signToken(
    {
      audience: AUDIENCE,
      ttlS: SESSION_MINUTES * 60,
      subject: identity.phone,
      claims: {site: identity.site, by: identity.verifiedBy},
    },
    new Date(now),
    env,
  )
  return {token, expiresAt: expiresAt.toISOString()}
}

/** The identity and end of a valid session's token, or null (expired, tampered, foreign). */
export async function verifyVisitorSession(
  token: string,
  now: number,
  env: Env = process.env,
): Promise<(VisitorIdentity & {expiresAt: string}) | null> {
  const payload = await verifyToken(
    token,
    {audience: AUDIENCE, requiredClaims: ['sub', 'site', 'by']},
    new Date(now),
    env,
  )
  const {sub, site, by, exp} = payload ?? {}
  if (typeof sub !== 'string' || typeof site !== 'string') return null
  if (by !== 'code-link' && by !== 'code-form') return null
  return {site, phone: sub, verifiedBy: by, expiresAt: new Date(exp! * 1000).toISOString()}
}

/**
 * A number on a site as the request record and the rate limits know it: an HMAC under
 * AUTH_SECRET, so neither keeps the number, and the number's own page still finds its rows.
 */
export const phoneKey = (site: string, phone: string, env: Env = process.env): string =>
  createHmac('sha256', signingKey(env)).update(`visitor-phone:${site} ${phone}`).digest('base64url')

/** A code as stored: its HMAC under AUTH_SECRET (a dump of the table gives no code away). */
export const codeHash = (code: string, env: Env = process.env): string =>
  createHmac('sha256', signingKey(env)).update(`visitor-code:${code}`).digest('base64url')

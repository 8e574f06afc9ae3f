import {signToken, TOKEN_ISSUER, verifyToken} from './signed-token.ts'

/*
 * The access token: a short-lived token whose subject is the staff member's e-mail and, for a
 * counsellor, whose `sites` claim lists the sites they may see (an administrator's token has
 * none: every site). It is kept in the browser's memory only; the long-lived credential is
 * the refresh cookie, and each refresh reads the sites from ADMIN_USERS again. Its audience
 * pins it to this site's admin API.
 */

export const ACCESS_TOKEN_ISSUER = TOKEN_ISSUER
export const ACCESS_TOKEN_AUDIENCE = 'lakeside-rental-site/admin'
export const ACCESS_TOKEN_TTL_S = 10 * 60

export interface IssuedAccessToken {
  accessToken: string
  expiresAt: Date
}

/** Who a valid token speaks for: the e-mail, and the sites they may see (null: all). */
export interface StaffIdentity {
  email: string
  sites: string[] | null
}

/** A valid token: who it speaks for, and the sign-in (admin_sessions.family) it came from. */
export interface VerifiedAccessToken {
  staff: StaffIdentity
  session: string
}

/**
 * A token for `email` within the sign-in `session`: the `sid` claim lets every staff
 * request check that the sign-in is still live, so a sign-out or a replayed refresh token
 * ends the token at once rather than when it expires.
 */
export async function signAccessToken(
  email: string,
  session: string,
  now: Date = new Date(),
  env: Record<string, string | undefined> = process.env,
  sites: readonly string[] | null = null,
): Promise<IssuedAccessToken> {
  const request = {
    audience: ACCESS_TOKEN_AUDIENCE,
    ttlS: ACCESS_TOKEN_TTL_S,
    subject: email,
    claims: {sid: session, ...(sites ? {sites: [...sites]} : {})},
  }
  const {token, expiresAt} = await signToken(request, now, env)
  return {accessToken: token, expiresAt}
}

const isSiteList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((site) => typeof site === 'string')

/**
 * Who a valid token speaks for and its sign-in, or null for an expired, tampered or foreign
 * token (or one without a sign-in to check).
 */
export async function verifyAccessToken(
  token: string,
  now: Date = new Date(),
  env: Record<string, string | undefined> = process.env,
): Promise<VerifiedAccessToken | null> {
  const request = {audience: ACCESS_TOKEN_AUDIENCE, requiredClaims: ['sub', 'sid']}
  const payload = await verifyToken(token, request, now, env)
  const {sub: email, sid: session, sites} = payload ?? {}
  if (typeof email !== 'string' || email === '' || typeof session !== 'string') return null
  if (sites === undefined) return {staff: {email, sites: null}, session}
  return isSiteList(sites) ? {staff: {email, sites}, session} : null
}

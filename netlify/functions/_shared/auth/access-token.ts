import type {Env} from '#config/settings.ts'
import {signToken, TOKEN_ISSUER, verifyToken} from './signed-token.ts'

/*
 * The access token: a short-lived token whose subject is the staff member's e-mail and whose
 * `sid` names their sign-in. It is kept in the browser's memory only; the long-lived
 * credential is the refresh cookie. What the account may see is not in the token: every
 * request reads it from the account (../gates/signed-in.ts), so a change holds at once. Its
 * audience pins it to this site's admin API.
 */

export const ACCESS_TOKEN_ISSUER = TOKEN_ISSUER
export const ACCESS_TOKEN_AUDIENCE = 'lakeside-rental-site/admin'
export const ACCESS_TOKEN_TTL_S = 10 * 60

/** A token lives 10 minutes, or less when the sign-in ends sooner for want of work. */
export const accessTokenTtlS = (sessionLeftS: number): number =>
  Math.max(1, Math.min(ACCESS_TOKEN_TTL_S, Math.floor(sessionLeftS)))

export interface IssuedAccessToken {
  accessToken: string
  expiresAt: Date
}

/** A signed-in staff member: the e-mail, and the sites their account may see now (null: all). */
export interface StaffIdentity {
  email: string
  sites: string[] | null
}

/** A valid token: who it speaks for, and the sign-in (admin_sessions.family) it came from. */
export interface VerifiedAccessToken {
  email: string
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
  env: Env = process.env,
  ttlS: number = ACCESS_TOKEN_TTL_S,
): Promise<IssuedAccessToken> {
  const request = {audience: ACCESS_TOKEN_AUDIENCE, ttlS, subject: email, claims: {sid: session}}
  const {token, expiresAt} = await signToken(request, now, env)
  return {accessToken: token, expiresAt}
}

/**
 * Who a valid token speaks for and its sign-in, or null for an expired, tampered or foreign
 * token (or one without a sign-in to check).
 */
export async function verifyAccessToken(
  token: string,
  now: Date = new Date(),
  env: Env = process.env,
): Promise<VerifiedAccessToken | null> {
  const request = {audience: ACCESS_TOKEN_AUDIENCE, requiredClaims: ['sub', 'sid']}
  const payload = await verifyToken(token, request, now, env)
  const {sub: email, sid: session} = payload ?? {}
  if (typeof email !== 'string' || email === '' || typeof session !== 'string') return null
  return {email, session}
}

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

export async function signAccessToken(
  email: string,
  now: Date = new Date(),
  env: Record<string, string | undefined> = process.env,
  sites: readonly string[] | null = null,
): Promise<IssuedAccessToken> {
  const request = {
    audience: ACCESS_TOKEN_AUDIENCE,
    ttlS: ACCESS_TOKEN_TTL_S,
    subject: email,
    claims: sites ? {sites: [...sites]} : {},
  }
  const {token, expiresAt} = await signToken(request, now, env)
  return {accessToken: token, expiresAt}
}

const isSiteList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((site) => typeof site === 'string')

/** Who a valid token speaks for, or null for an expired, tampered or foreign token. */
export async function verifyAccessToken(
  token: string,
  now: Date = new Date(),
  env: Record<string, string | undefined> = process.env,
): Promise<StaffIdentity | null> {
  const request = {audience: ACCESS_TOKEN_AUDIENCE, requiredClaims: ['sub']}
  const payload = await verifyToken(token, request, now, env)
  if (typeof payload?.sub !== 'string' || payload.sub === '') return null
  if (payload.sites === undefined) return {email: payload.sub, sites: null}
  return isSiteList(payload.sites) ? {email: payload.sub, sites: payload.sites} : null
}

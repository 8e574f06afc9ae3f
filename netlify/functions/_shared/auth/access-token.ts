import {signToken, TOKEN_ISSUER, verifyToken} from './signed-token.ts'

/*
 * The access token: a short-lived token whose subject is the administrator's e-mail. It is
 * kept in the browser's memory only; the long-lived credential is the refresh cookie. Its
 * audience pins it to this site's admin API.
 */

export const ACCESS_TOKEN_ISSUER = TOKEN_ISSUER
export const ACCESS_TOKEN_AUDIENCE = 'lakeside-rental-site/admin'
export const ACCESS_TOKEN_TTL_S = 10 * 60

export interface IssuedAccessToken {
  accessToken: string
  expiresAt: Date
}

export async function signAccessToken(
  email: string,
  now: Date = new Date(),
  env: Record<string, string | undefined> = process.env,
): Promise<IssuedAccessToken> {
  const request = {audience: ACCESS_TOKEN_AUDIENCE, ttlS: ACCESS_TOKEN_TTL_S, subject: email}
  const {token, expiresAt} = await signToken(request, now, env)
  return {accessToken: token, expiresAt}
}

/** The e-mail inside a valid token, or null for an expired, tampered or foreign token. */
export async function verifyAccessToken(
  token: string,
  now: Date = new Date(),
  env: Record<string, string | undefined> = process.env,
): Promise<string | null> {
  const request = {audience: ACCESS_TOKEN_AUDIENCE, requiredClaims: ['sub']}
  const payload = await verifyToken(token, request, now, env)
  return typeof payload?.sub === 'string' && payload.sub !== '' ? payload.sub : null
}

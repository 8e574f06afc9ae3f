import {randomUUID} from 'node:crypto'
import {jwtVerify, SignJWT} from 'jose'

/*
 * The access token: a short-lived HS256 JWT whose subject is the administrator's e-mail.
 * It is kept in the browser's memory only; the long-lived credential is the refresh
 * cookie. Issuer and audience pin it to this site's admin API, so a token signed with the
 * same secret for another purpose is refused.
 */

export const ACCESS_TOKEN_ISSUER = 'lakeside-rental-site'
export const ACCESS_TOKEN_AUDIENCE = 'lakeside-rental-site/admin'
export const ACCESS_TOKEN_TTL_S = 10 * 60

export function signingKey(env: Record<string, string | undefined>): Uint8Array {
  const secret = env.AUTH_SECRET ?? ''
  // A short secret can be brute-forced from one token; refuse to run with it.
  if (secret.length < 32)
    throw new Error('AUTH_SECRET must be set to a random secret of at least 32 characters')
  return new TextEncoder().encode(secret)
}

export interface IssuedAccessToken {
  accessToken: string
  expiresAt: Date
}

export async function signAccessToken(
  email: string,
  now: Date = new Date(),
  env: Record<string, string | undefined> = process.env,
): Promise<IssuedAccessToken> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  const expiresAt = issuedAt + ACCESS_TOKEN_TTL_S
  const accessToken = await new SignJWT({})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setSubject(email)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(signingKey(env))
  return {accessToken, expiresAt: new Date(expiresAt * 1000)}
}

/** The e-mail inside a valid token, or null for an expired, tampered or foreign token. */
export async function verifyAccessToken(
  token: string,
  now: Date = new Date(),
  env: Record<string, string | undefined> = process.env,
): Promise<string | null> {
  const key = signingKey(env)
  try {
    const {payload} = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'iat', 'exp'],
      currentDate: now,
    })
    return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null
  } catch {
    return null
  }
}

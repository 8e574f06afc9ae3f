import type {Env} from '#config/settings.ts'
import {randomUUID} from 'node:crypto'
import {jwtVerify, SignJWT, type JWTPayload} from 'jose'
import {signingKey} from './signing-key.ts'

/*
 * The site's short-lived HS256 tokens under AUTH_SECRET: the administrator's access token
 * and the preview credential. Every token names this site as its issuer and one purpose as
 * its audience, so a token made for one purpose is refused for any other.
 */

export const TOKEN_ISSUER = 'lakeside-rental-site'

export interface SignedToken {
  token: string
  expiresAt: Date
}

interface TokenRequest {
  audience: string
  ttlS: number
  subject?: string
  claims?: JWTPayload
}

export async function signToken(
  {audience, ttlS, subject, claims = {}}: TokenRequest,
  now: Date,
  env: Env,
): Promise<SignedToken> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  const expiresAt = issuedAt + ttlS
  const jwt = new SignJWT(claims)
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuer(TOKEN_ISSUER)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
  if (subject !== undefined) jwt.setSubject(subject)
  return {token: await jwt.sign(signingKey(env)), expiresAt: new Date(expiresAt * 1000)}
}

/**
 * The payload of a valid token for the audience, or null for an expired, tampered or foreign one.
 */
export async function verifyToken(
  token: string,
  {audience, requiredClaims}: {audience: string; requiredClaims: string[]},
  now: Date,
  env: Env,
): Promise<JWTPayload | null> {
  const key = signingKey(env)
  try {
    const {payload} = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience,
      requiredClaims: ['iat', 'exp', ...requiredClaims],
      currentDate: now,
    })
    return payload
  } catch {
    return null
  }
}

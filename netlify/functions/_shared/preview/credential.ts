import {randomUUID} from 'node:crypto'
import {jwtVerify, SignJWT} from 'jose'
import {ACCESS_TOKEN_ISSUER, signingKey} from '../auth/access-token.ts'

/*
 * The preview credential: what preview mode holds in place of a Content Lake token. A
 * short-lived HS256 JWT, given only in exchange for a valid preview-URL secret of the
 * Studio, naming the Studio it was opened from. Its audience keeps it apart from the
 * administrator's access token signed with the same secret.
 */

export const PREVIEW_AUDIENCE = 'lakeside-rental-site/preview'
// The Studio's preview-URL secrets live an hour too; Presentation opens a new one after that.
export const PREVIEW_CREDENTIAL_TTL_S = 60 * 60

export interface PreviewCredential {
  credential: string
  expiresAt: Date
}

export async function signPreviewCredential(
  studioOrigin: string,
  now: Date = new Date(),
  env: Record<string, string | undefined> = process.env,
): Promise<PreviewCredential> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  const expiresAt = issuedAt + PREVIEW_CREDENTIAL_TTL_S
  const credential = await new SignJWT({studio: studioOrigin})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(PREVIEW_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(signingKey(env))
  return {credential, expiresAt: new Date(expiresAt * 1000)}
}

/** The Studio origin inside a valid credential, or null for an expired, tampered or foreign one. */
export async function verifyPreviewCredential(
  credential: string,
  now: Date = new Date(),
  env: Record<string, string | undefined> = process.env,
): Promise<string | null> {
  try {
    const {payload} = await jwtVerify(credential, signingKey(env), {
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: PREVIEW_AUDIENCE,
      requiredClaims: ['iat', 'exp'],
      currentDate: now,
    })
    return typeof payload.studio === 'string' && payload.studio !== '' ? payload.studio : null
  } catch {
    return null
  }
}

import type {Env} from '#config/settings.ts'
import {signToken, verifyToken} from '../auth/signed-token.ts'

/*
 * The preview credential: what preview mode holds in place of a Content Lake token. A
 * short-lived token, given only in exchange for a valid preview-URL secret of the Studio,
 * naming the Studio it was opened from. Its audience keeps it apart from the
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
  env: Env = process.env,
): Promise<PreviewCredential> {
  const request = {
    audience: PREVIEW_AUDIENCE,
    ttlS: PREVIEW_CREDENTIAL_TTL_S,
    claims: {studio: studioOrigin},
  }
  const {token, expiresAt} = await signToken(request, now, env)
  return {credential: token, expiresAt}
}

/** The Studio origin inside a valid credential, or null for an expired, tampered or foreign one. */
export async function verifyPreviewCredential(
  credential: string,
  now: Date = new Date(),
  env: Env = process.env,
): Promise<string | null> {
  const request = {audience: PREVIEW_AUDIENCE, requiredClaims: []}
  const payload = await verifyToken(credential, request, now, env)
  return typeof payload?.studio === 'string' && payload.studio !== '' ? payload.studio : null
}

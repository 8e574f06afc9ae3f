import {readConfig, type Env} from '#config/settings.ts'
import {newTotpSecret, totpUri} from '#shared/auth/totp.ts'
import {qrDrawing} from '../qr-drawing.ts'
import type {QrDrawing} from '#shared/qr-drawing.ts'
import {signToken, verifyToken} from './signed-token.ts'

/*
 * An authenticator app's enrolment in two steps without state: the first answers a new secret
 * (as a QR code and as the key to type) with a signed enrolment token that carries it; the
 * second sends the token back with the app's first code. The token is bound to the sign-in
 * that asked and lasts ten minutes.
 */

const AUDIENCE = 'lakeside-rental-site/totp-enrolment'
const TTL_S = 10 * 60

export interface TotpEnrolment {
  /** The base32 key, for typing into an app that cannot scan. */
  secret: string
  /** The `otpauth://` address the QR code holds. */
  uri: string
  qr: QrDrawing
  /** The signed token to send back with the first code. */
  enrolment: string
}

export async function startTotpEnrolment(
  {session, email}: {session: string; email: string},
  now: Date,
  env: Env = process.env,
): Promise<TotpEnrolment> {
  const secret = newTotpSecret()
  const issuer = new URL(readConfig(env).siteUrl).hostname
  const uri = totpUri(secret, {issuer, email})
  const {token} = await signToken(
    {audience: AUDIENCE, ttlS: TTL_S, subject: email, claims: {sid: session, secret}},
    now,
    env,
  )
  return {secret, uri, qr: qrDrawing(uri), enrolment: token}
}

/** The secret of an enrolment token of this sign-in, or null (expired, forged, another's). */
export async function enrolmentSecret(
  token: string,
  {session, email}: {session: string; email: string},
  now: Date,
  env: Env = process.env,
): Promise<string | null> {
  const payload = await verifyToken(token, {audience: AUDIENCE, requiredClaims: ['sub']}, now, env)
  if (!payload || payload.sub !== email || payload.sid !== session) return null
  return typeof payload.secret === 'string' ? payload.secret : null
}

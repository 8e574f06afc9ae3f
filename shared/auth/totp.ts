import {Secret, TOTP} from 'otpauth'

/*
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA1,
 * six digits, a new code every 30 seconds. Pure: the functions check codes with it, and
 * scripts and tests compute the code a phone would show.
 */

export const TOTP_PERIOD_S = 30
const DIGITS = 6
/** A code of the step before or after the current one still counts: clocks drift. */
export const TOTP_WINDOW = 1
/** 160 bits, the length RFC 4226 recommends. */
const SECRET_BYTES = 20
/** A shorter secret (under 80 bits) is refused: it could be guessed from a few codes. */
const MIN_SECRET_BYTES = 10

function totp(secret: string, {issuer = '', label = ''} = {}): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_S,
  })
}

/** A new random secret, base32 as apps take it by hand. */
export function newTotpSecret(): string {
  return new Secret({size: SECRET_BYTES}).base32
}

/** The secret in canonical form (upper case, no spaces), or null when it is not one. */
export function readTotpSecret(value: string | undefined): string | null {
  const compact = (value ?? '').replace(/[\s-]/g, '').toUpperCase()
  if (!/^[A-Z2-7]+=*$/.test(compact)) return null
  try {
    return Secret.fromBase32(compact).bytes.length >= MIN_SECRET_BYTES ? compact : null
  } catch {
    return null
  }
}

/** The time step (30-second period since the epoch) of an instant. */
export const totpStep = (at: number): number => Math.floor(at / 1000 / TOTP_PERIOD_S)

/** The code of a time step (what the app shows during it). */
export function totpCodeAt(secret: string, step: number): string {
  return totp(secret).generate({timestamp: step * TOTP_PERIOD_S * 1000})
}

/** The code an app shows at `at`. */
export const totpCode = (secret: string, at: number = Date.now()): string =>
  totpCodeAt(secret, totpStep(at))

/** The step a code belongs to, within the window around `at`; null for any other code. */
export function totpCodeStep(secret: string, code: string, at: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totp(secret).validate({token: code, timestamp: at, window: TOTP_WINDOW})
  return delta === null ? null : totpStep(at) + delta
}

/**
 * The `otpauth://` address a QR code gives an authenticator app, which lists the account as
 * `issuer: email`.
 */
export function totpUri(secret: string, {issuer, email}: {issuer: string; email: string}): string {
  return totp(secret, {issuer, label: email}).toString()
}

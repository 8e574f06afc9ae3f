import {setting, type Env} from '#config/settings.ts'
import {normalizeEmail, parseStaffAccounts} from './admin-users.ts'
import {readTotpSecret, totpCodeStep} from '#shared/auth/totp.ts'
import {sql} from '../database.ts'
import {openSecret, sealSecret} from './sealed-secret.ts'

/*
 * An account's authenticator app (staff_totp). Its secret is the one enrolled in the
 * workspace, or, for an administrator of ADMIN_USERS who enrolled none, ADMIN_TOTP_SECRET:
 * the bootstrap administrator signs in from the first deploy, and `npm start`'s local one
 * without a phone (`npm run admin:totp`). Every code is accepted once: the statement that
 * accepts it moves the account's last step past it, so the same code (or an older one) sent
 * again, even at the same moment, is refused.
 */

/** ADMIN_TOTP_SECRET, for an administrator entry of ADMIN_USERS (null for anyone else). */
export function bootstrapTotpSecret(email: string, env: Env = process.env): string | null {
  const entry = parseStaffAccounts(setting('ADMIN_USERS', env)).get(normalizeEmail(email))
  if (!entry || entry.sites !== null) return null
  const configured = setting('ADMIN_TOTP_SECRET', env)
  const secret = readTotpSecret(configured)
  if (configured && !secret)
    console.error('ADMIN_TOTP_SECRET is not a base32 secret of at least 80 bits: it is ignored')
  return secret
}

/** The account's TOTP secret: enrolled, else the bootstrap one; null when it has none. */
export async function totpSecretOf(email: string, env: Env = process.env): Promise<string | null> {
  const [row] = await sql()<{sealed_secret: string | null}>`
    SELECT sealed_secret FROM staff_totp WHERE email = ${normalizeEmail(email)}`
  const enrolled = row?.sealed_secret ? openSecret(row.sealed_secret, env) : null
  return enrolled ?? bootstrapTotpSecret(email, env)
}

export type TotpCheck = {ok: true} | {ok: false; reason: 'bad-code' | 'replayed-code'}

/**
 * Accepts `code` for the account whose secret is `secret`, once: a code outside the window
 * is `bad-code`, one of a step already used (or older) `replayed-code`.
 */
export async function spendTotpCode(
  email: string,
  secret: string,
  code: string,
  now: number,
): Promise<TotpCheck> {
  const step = totpCodeStep(secret, code, now)
  if (step === null) return {ok: false, reason: 'bad-code'}
  const [used] = await sql()`
    INSERT INTO staff_totp AS t (email, last_step) VALUES (${normalizeEmail(email)}, ${step})
    ON CONFLICT (email) DO UPDATE SET last_step = excluded.last_step
    WHERE t.last_step IS NULL OR t.last_step < excluded.last_step
    RETURNING email`
  return used ? {ok: true} : {ok: false, reason: 'replayed-code'}
}

/**
 * Enrols `secret` once its first code checks (that code is then spent). False when the
 * account has an app already (enrolled meanwhile by another request).
 */
export async function enrolTotp(
  email: string,
  secret: string,
  code: string,
  now: number,
  env: Env = process.env,
): Promise<TotpCheck | {ok: false; reason: 'enrolled'}> {
  const step = totpCodeStep(secret, code, now)
  if (step === null) return {ok: false, reason: 'bad-code'}
  const [row] = await sql()`
    INSERT INTO staff_totp AS t (email, sealed_secret, enrolled_at, last_step)
    VALUES (${normalizeEmail(email)}, ${sealSecret(secret, env)}, ${new Date(now)}, ${step})
    ON CONFLICT (email) DO UPDATE SET sealed_secret = excluded.sealed_secret,
      enrolled_at = excluded.enrolled_at, last_step = greatest(t.last_step, excluded.last_step)
    WHERE t.sealed_secret IS NULL
    RETURNING email`
  return row ? {ok: true} : {ok: false, reason: 'enrolled'}
}

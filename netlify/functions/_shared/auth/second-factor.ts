import type {Env} from '#config/settings.ts'
import {normalizeEmail} from './admin-users.ts'
import type {EnrolledFactors} from '#shared/auth/enrolled-factors.ts'
import type {SecondFactor, SecondFactorRefusal} from '#shared/auth/sign-in-result.ts'
import {sql} from '../database.ts'
import {readRecoveryCode, spendRecoveryCode} from './recovery-codes.ts'
import {bootstrapTotpSecret, totpSecretOf, spendTotpCode} from './totp-factor.ts'

/*
 * An account's second factors: what it has enrolled, and the check of a typed code (the
 * app's six digits, or a recovery code).
 */

export async function enrolledFactors(
  email: string,
  env: Env = process.env,
): Promise<EnrolledFactors> {
  const account = normalizeEmail(email)
  const [row] = await sql()<{totp: boolean; passkeys: number; recovery_codes: number}>`
    SELECT
      EXISTS (SELECT 1 FROM staff_totp WHERE email = ${account} AND sealed_secret IS NOT NULL)
        AS totp,
      (SELECT count(*)::int FROM staff_passkeys WHERE email = ${account}) AS passkeys,
      (SELECT count(*)::int FROM staff_recovery_codes WHERE email = ${account}
        AND used_at IS NULL) AS recovery_codes`
  return {
    totp: row?.totp === true || bootstrapTotpSecret(account, env) !== null,
    passkeys: row?.passkeys ?? 0,
    recoveryCodes: row?.recovery_codes ?? 0,
  }
}

export type FactorCheck =
  {ok: true; factor: SecondFactor} | {ok: false; reason: SecondFactorRefusal}

/**
 * Checks and spends a typed code: six digits are the app's code, anything else a recovery
 * code. `no-factor` when the account has neither an app nor that kind of code to check.
 */
export async function spendSecondFactorCode(
  email: string,
  typed: string,
  now: number,
  env: Env = process.env,
): Promise<FactorCheck> {
  const code = typed.replace(/\s/g, '')
  if (/^\d{6}$/.test(code)) {
    const secret = await totpSecretOf(email, env)
    if (!secret) return {ok: false, reason: 'no-factor'}
    const used = await spendTotpCode(email, secret, code, now)
    return used.ok ? {ok: true, factor: 'totp'} : used
  }
  const recovery = readRecoveryCode(code)
  if (!recovery) return {ok: false, reason: 'bad-code'}
  const used = await spendRecoveryCode(email, recovery, now)
  return used.ok ? {ok: true, factor: 'recovery'} : used
}

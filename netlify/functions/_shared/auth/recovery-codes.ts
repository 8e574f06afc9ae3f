import {createHash, randomInt} from 'node:crypto'
import {normalizeEmail} from './admin-users.ts'
import {sql} from '../database.ts'

/*
 * Recovery codes: eight one-time codes for a lost phone or passkey, shown once when made and
 * kept only as SHA-256 digests (a code has about 49 random bits, and the sign-in guard allows
 * a few guesses per quarter hour, so a fast digest is enough). Using one is one statement
 * that marks it used only if it was not, so a code opens one sign-in however often it is sent.
 */

export const RECOVERY_CODE_COUNT = 8
// No 0/O, 1/I/L or U/V look-alikes: the codes are read off paper.
const ALPHABET = 'ABCDEFGHJKMNPQRSTWXYZ23456789'
const HALF = 5

/** The code as typed, without spaces, hyphens or case; null when it cannot be one. */
export function readRecoveryCode(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase()
  return compact.length === HALF * 2 && [...compact].every((c) => ALPHABET.includes(c))
    ? compact
    : null
}

const digest = (email: string, code: string): string =>
  createHash('sha256')
    .update(`${normalizeEmail(email)}\n${code}`)
    .digest('base64url')

function newCode(): string {
  const chars = Array.from({length: HALF * 2}, () => ALPHABET[randomInt(ALPHABET.length)])
  return `${chars.slice(0, HALF).join('')}-${chars.slice(HALF).join('')}`
}

/** Eight new codes for the account, replacing any it had; the codes, to show once. */
export async function newRecoveryCodes(email: string, now: number): Promise<string[]> {
  const codes = Array.from({length: RECOVERY_CODE_COUNT}, newCode)
  const hashes = codes.map((code) => digest(email, readRecoveryCode(code) ?? ''))
  const account = normalizeEmail(email)
  await sql()`
    WITH gone AS (DELETE FROM staff_recovery_codes WHERE email = ${account})
    INSERT INTO staff_recovery_codes (email, code_hash, created_at)
    SELECT ${account}, code_hash, ${new Date(now)} FROM unnest(${hashes}::text[]) AS code_hash`
  return codes
}

export type RecoveryCheck = {ok: true} | {ok: false; reason: 'bad-code' | 'used-recovery-code'}

/** Spends the account's recovery code `code` (already read by readRecoveryCode). */
export async function spendRecoveryCode(
  email: string,
  code: string,
  now: number,
): Promise<RecoveryCheck> {
  const account = normalizeEmail(email)
  const hash = digest(account, code)
  // The outer SELECT sees the rows as they were before the UPDATE: `known` and not `spent`
  // is a code used earlier.
  const [row] = await sql()<{spent: boolean; known: boolean}>`
    WITH spent AS (
      UPDATE staff_recovery_codes SET used_at = ${new Date(now)}
      WHERE email = ${account} AND code_hash = ${hash} AND used_at IS NULL
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM spent) AS spent,
      EXISTS (SELECT 1 FROM staff_recovery_codes WHERE email = ${account}
        AND code_hash = ${hash}) AS known`
  if (row?.spent) return {ok: true}
  return {ok: false, reason: row?.known ? 'used-recovery-code' : 'bad-code'}
}

import {randomInt} from 'node:crypto'
import {CODE_DIGITS, CODE_MINUTES, CODE_TRIES} from '#shared/visitor-data/contract.ts'
import {MINUTE_MS} from '#shared/korea-time.ts'
import {sql, type Sql} from '../database.ts'
import {codeHash} from './session.ts'

/*
 * The codes texted to a number (visitor_codes, migration 0034). A code is made for every
 * request within the limits, whether or not the number is known on the site, so that what
 * the visitor is told never says which numbers are (and the limit counts them alike); only
 * a known number is texted. Trying
 * a code is ONE statement: it counts the try and spends the code if it matches, under the
 * row's lock, so that however many tries arrive at once, at most CODE_TRIES are compared.
 */

type Fragment = ReturnType<Sql>

export type CodePurpose = 'sign-in' | 'new-number'
export type CodeVia = 'link' | 'form'

export interface NewCode {
  site: string
  /** The number the code goes to. */
  phone: string
  purpose: CodePurpose
  /** For a new number: the number of the session correcting it. */
  forPhone?: string
  via: CodeVia
}

export interface IssuedCode {
  /** The code row's id: its text's revision. */
  id: number
  code: string
  /** The newest lead of the number asking (its text hangs on it); null: the number is unknown. */
  leadId: string | null
}

/** Codes a phone gets in any hour (migration 0034's trigger holds it). */
export const CODES_PER_HOUR = 5
const HOUR_MS = 60 * MINUTE_MS

export const newCode = (): string =>
  String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0')

/**
 * Stores a new code for `phone` and ends any earlier one of the same number and purpose, in
 * one statement; or, past CODES_PER_HOUR codes of the phone in the last hour (the trigger
 * stores none, and the earlier code stays good), says when the next may be asked for. The
 * lead its text belongs to is the newest of the asking number on the site: the number
 * itself, or for a new number the session's.
 */
export async function issueCode(
  request: NewCode,
  now: number,
  code = newCode(),
): Promise<IssuedCode | {limited: true; retryAfterS: number}> {
  const s = sql()
  const at = new Date(now)
  const asking = request.forPhone ?? request.phone
  const rows = await s<{id: number | null; lead_id: string | null; oldest: Date | null}>`
    WITH code AS (
      INSERT INTO visitor_codes (site, phone, purpose, for_phone, via, code_hash, created_at,
        expires_at)
      VALUES (${request.site}, ${request.phone}, ${request.purpose}, ${request.forPhone ?? null},
        ${request.via}, ${codeHash(code)}, ${at}, ${new Date(now + CODE_MINUTES * MINUTE_MS)})
      RETURNING id
    ), ended AS (
      UPDATE visitor_codes SET expires_at = ${at}
      WHERE site = ${request.site} AND phone = ${request.phone} AND purpose = ${request.purpose}
        AND used_at IS NULL AND expires_at > ${at} AND EXISTS (SELECT 1 FROM code)
    )
    SELECT (SELECT id FROM code) AS id,
      (SELECT l.id FROM leads l WHERE l.site = ${request.site} AND l.phone = ${asking}
        ORDER BY l.created_at DESC, l.id LIMIT 1) AS lead_id,
      (SELECT min(created_at) FROM visitor_codes WHERE phone = ${request.phone}
        AND created_at > ${new Date(now - HOUR_MS)}) AS oldest`
  const row = rows[0]!
  if (row.id === null) {
    const until = (row.oldest?.getTime() ?? now) + HOUR_MS
    return {limited: true, retryAfterS: Math.max(1, Math.ceil((until - now) / 1000))}
  }
  return {id: row.id, code, leadId: row.lead_id}
}

/** What a try of a code found. */
export type CodeCheck =
  | {ok: true}
  | {ok: false; reason: 'wrong'; triesLeft: number}
  | {ok: false; reason: 'expired' | 'used' | 'tries' | 'none'}

export interface CodeTry {
  site: string
  phone: string
  purpose: CodePurpose
  forPhone?: string
  code: string
  now: number
}

/**
 * What a matching code does, in the statement that spends it: CTEs (after `tried`, given
 * `matched`, a condition true only when the code matched) and the columns they answer.
 */
export interface OnMatch<T> {
  ctes: (s: Sql, matched: Fragment) => Fragment
  columns: (s: Sql) => Fragment
  read: (row: Record<string, unknown>) => T
}

/**
 * Tries `code` against the number's latest code of `purpose`: counts the try and, when it
 * matches, spends the code and does `onMatch`, in one statement. Otherwise says why it was
 * refused (wrong, with the tries left; expired; used; out of tries; none asked for).
 */
export async function tryCode<T = undefined>(
  {site, phone, purpose, forPhone, code, now}: CodeTry,
  onMatch?: OnMatch<T>,
): Promise<(CodeCheck & {ok: false}) | {ok: true; done: T}> {
  const s = sql()
  const at = new Date(now)
  const matched = s`EXISTS (SELECT 1 FROM tried WHERE matched)`
  const rows = await s<{matched: boolean; tries: number} & Record<string, unknown>>`
    WITH latest AS (
      SELECT id FROM visitor_codes
      WHERE site = ${site} AND phone = ${phone} AND purpose = ${purpose}
        AND for_phone IS NOT DISTINCT FROM ${forPhone ?? null}::text
      ORDER BY created_at DESC, id DESC LIMIT 1
    ), tried AS (
      UPDATE visitor_codes c SET tries = c.tries + 1,
        used_at = CASE WHEN c.code_hash = ${codeHash(code)} THEN ${at}::timestamptz END
      FROM latest
      WHERE c.id = latest.id AND c.used_at IS NULL AND c.expires_at > ${at}
        AND c.tries < ${CODE_TRIES}
      RETURNING c.used_at IS NOT NULL AS matched, c.tries
    )${onMatch ? s`, ${onMatch.ctes(s, matched)}` : s``}
    SELECT matched, tries${onMatch ? s`, ${onMatch.columns(s)}` : s``} FROM tried`
  const tried = rows[0]
  if (tried?.matched) return {ok: true, done: onMatch ? onMatch.read(tried) : (undefined as T)}
  if (tried) return {ok: false, reason: 'wrong', triesLeft: CODE_TRIES - tried.tries}
  const [latest] = await s<{used: boolean; expired: boolean}>`
    SELECT used_at IS NOT NULL AS used, expires_at <= ${at} AS expired FROM visitor_codes
    WHERE site = ${site} AND phone = ${phone} AND purpose = ${purpose}
      AND for_phone IS NOT DISTINCT FROM ${forPhone ?? null}::text
    ORDER BY created_at DESC, id DESC LIMIT 1`
  if (!latest) return {ok: false, reason: 'none'}
  if (latest.used) return {ok: false, reason: 'used'}
  return {ok: false, reason: latest.expired ? 'expired' : 'tries'}
}

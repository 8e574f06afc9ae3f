import {setting, type Env} from '#config/settings.ts'
import {createHash} from 'node:crypto'
import {auditAside, auditInsert} from '../audit.ts'
import {sql} from '../database.ts'
import {countEvent, retryAfterS, type RateLimitRule} from '../rate-limit.ts'
import {checkCredentials, normalizeEmail} from './admin-users.ts'
import {hasSecondFactor, type EnrolledFactors} from '#shared/auth/enrolled-factors.ts'
import type {SecondFactor, SecondFactorRefusal, SignInResult} from '#shared/auth/sign-in-result.ts'
import {enrolledFactors, spendSecondFactorCode, type FactorCheck} from './second-factor.ts'

type SignInRefused = Exclude<SignInResult, {ok: true}>

/*
 * The one sign-in of administrators, for the site (`/api/admin/login`, and its second
 * factor) and for the Studio on the local Content Lake. Two guards, both counted BEFORE the
 * password or the second factor is checked, in one statement:
 * - a visitor (address) gets 30 attempts per 15 minutes, whatever the e-mail;
 * - five attempts for one e-mail from one visitor within any 15 minutes lock that pair
 *   for the next 15 minutes, whatever password comes next.
 * The pair's row keeps its recent attempts and its lock; the upsert that adds an attempt
 * refuses while the pair is locked, and concurrent attempts are added one after another,
 * so at most five passwords are ever checked per pair and window, however many arrive
 * at once. A success forgets the pair's attempts.
 */

export const MAX_ATTEMPTS = 5
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000
export const LOCK_MS = 15 * 60 * 1000
export const VISITOR_RULE: RateLimitRule = {bucket: 'login', limit: 30, windowS: 15 * 60}

/**
 * Sign-ins per address and window: 30, or SIGN_IN_RATE_LIMIT where one address stands for
 * many people signing in on purpose (the browser tests' stack, where every page is 127.0.0.1).
 */
export const visitorRule = (env: Env = process.env) => ({
  ...VISITOR_RULE,
  limit: setting('SIGN_IN_RATE_LIMIT', env),
})

export interface SignInAttempt {
  email: string
  password: string
  /** A second factor's code typed with the password (the app's code or a recovery code). */
  code?: string
  /** Whether the sign-in needs the code (the Studio's form asks for all at once). */
  requireSecondFactor?: boolean
  /** The visitor key of the address (shared/auth/address-key.ts). */
  visitor: string
  /** Where the sign-in happened, for the audit log: the site's staff pages or the Studio. */
  channel: 'site' | 'studio'
  now?: number
}

export interface SignInDeps {
  /** Checks a password (a test counts the checks). */
  check?: (email: string, password: string) => Promise<string | null>
  /** Checks and spends a second factor's code. */
  spendCode?: (email: string, code: string, now: number) => Promise<FactorCheck>
  /** What the account has enrolled. */
  enrolled?: (email: string) => Promise<EnrolledFactors>
}

function pairKey(email: string, visitor: string): string {
  return createHash('sha256')
    .update(`${normalizeEmail(email)}\n${visitor}`)
    .digest('base64url')
}

const secondsUntil = (end: number, now: number): number =>
  Math.max(1, Math.ceil((end - now) / 1000))

/**
 * Counts the attempt (visitor and pair) in one statement; says whether its password may be checked.
 */
async function countAttempt(
  pair: string,
  visitor: string,
  now: number,
): Promise<{checked: true; locks: boolean} | {checked: false; result: SignInRefused}> {
  const s = sql()
  const at = new Date(now)
  const windowStart = new Date(now - ATTEMPT_WINDOW_MS)
  const lockEnd = new Date(now + LOCK_MS)
  const [row] = await s<{
    visitor_hits: number | null
    attempts: number | null
    locked_until: Date | null
  }>`
    WITH visitor AS (${countEvent(s, visitorRule(), visitor, now)}),
    attempt AS (
      INSERT INTO sign_in_guards AS g (pair, attempts, locked_until)
      SELECT ${pair}, ARRAY[${at}::timestamptz],
        CASE WHEN 1 >= ${MAX_ATTEMPTS} THEN ${lockEnd}::timestamptz END
      FROM visitor
      ON CONFLICT (pair) DO UPDATE SET
        attempts = ARRAY(
          SELECT a FROM unnest(g.attempts) AS a WHERE a > ${windowStart}::timestamptz ORDER BY a
        ) || ${at}::timestamptz,
        locked_until = CASE
          WHEN (SELECT count(*) FROM unnest(g.attempts) AS a WHERE a > ${windowStart}::timestamptz)
            + 1 >= ${MAX_ATTEMPTS}
          THEN ${lockEnd}::timestamptz
        END
      WHERE g.locked_until IS NULL OR g.locked_until <= ${at}::timestamptz
      RETURNING cardinality(attempts) AS attempts
    )
    SELECT (SELECT hits FROM visitor) AS visitor_hits, (SELECT attempts FROM attempt) AS attempts,
      (SELECT locked_until FROM sign_in_guards WHERE pair = ${pair}) AS locked_until`
  if (row?.visitor_hits == null)
    return {
      checked: false,
      result: {ok: false, reason: 'limited', retryAfterS: retryAfterS(visitorRule(), now)},
    }
  if (row.attempts == null) {
    // Locked by an earlier attempt; a lock this statement could not see yet lasts a full lock.
    const end =
      row.locked_until && row.locked_until.getTime() > now
        ? row.locked_until.getTime()
        : now + LOCK_MS
    return {
      checked: false,
      result: {ok: false, reason: 'locked', retryAfterS: secondsUntil(end, now)},
    }
  }
  return {checked: true, locks: row.attempts >= MAX_ATTEMPTS}
}

/** A checked attempt: who, with what, and whether anything is left to check. */
type Checked =
  | {ok: true; email: string; factor: SecondFactor | null; complete: boolean}
  | {ok: false; reason: 'invalid' | SecondFactorRefusal}

/**
 * Counts the attempt, then runs `check` unless the pair is locked or the visitor limited, and
 * logs the outcome. The pair's attempts are forgotten only when nothing is left to check: a
 * password that still needs its second factor leaves them, so a guesser of codes has the same
 * five tries as a guesser of passwords.
 */
async function guarded(
  {email, visitor, channel, now}: {email: string; visitor: string; channel: string; now: number},
  check: () => Promise<Checked>,
): Promise<SignInResult> {
  const pair = pairKey(email, visitor)
  const refused = async (result: SignInRefused): Promise<SignInResult> => {
    const actor = normalizeEmail(email)
    const detail = {channel, reason: result.reason}
    await auditAside({at: now, actor, action: 'refused', visitor, detail})
    return result
  }
  const counted = await countAttempt(pair, visitor, now)
  if (!counted.checked) return refused(counted.result)
  const checked = await check()
  if (!checked.ok)
    return refused(
      counted.locks ? {ok: false, reason: 'locked', retryAfterS: LOCK_MS / 1000} : checked,
    )
  const s = sql()
  const entry = auditInsert(s, {
    at: now,
    actor: checked.email,
    action: 'sign-in',
    visitor,
    detail: {channel, factor: checked.factor},
  })
  await (checked.complete
    ? s`WITH cleared AS (DELETE FROM sign_in_guards WHERE pair = ${pair}) ${entry}`
    : s`${entry}`)
  return {ok: true, email: checked.email, factor: checked.factor}
}

/**
 * Signs an administrator in, or says why not. The same answer (`invalid`) for a wrong
 * password and an unknown e-mail; the attempt that fills the pair's window and fails
 * answers `locked` at once. With a code, the second factor is checked in the same attempt;
 * without one, an account that has a factor gets a sign-in that still needs it (`factor`
 * null), and one without any a sign-in that may only enrol one.
 */
export async function guardedSignIn(
  {
    email,
    password,
    code,
    requireSecondFactor = false,
    visitor,
    channel,
    now = Date.now(),
  }: SignInAttempt,
  {
    check = checkCredentials,
    spendCode = spendSecondFactorCode,
    enrolled = enrolledFactors,
  }: SignInDeps = {},
): Promise<SignInResult> {
  return guarded({email, visitor, channel, now}, async () => {
    const admin = await check(email, password)
    if (!admin) return {ok: false, reason: 'invalid'}
    if (code === undefined && !requireSecondFactor) {
      const pending = hasSecondFactor(await enrolled(admin))
      return {ok: true, email: admin, factor: null, complete: !pending}
    }
    if (!code)
      return {ok: false, reason: hasSecondFactor(await enrolled(admin)) ? 'bad-code' : 'no-factor'}
    const used = await spendCode(admin, code, now)
    return used.ok ? {ok: true, email: admin, factor: used.factor, complete: true} : used
  })
}

/**
 * The second step of a sign-in: `check` verifies and spends a code or a passkey's answer for
 * the signed-in `email`, counted against the same guard as the password.
 */
export function guardedSecondFactor(
  {email, visitor, now = Date.now()}: {email: string; visitor: string; now?: number},
  check: () => Promise<FactorCheck>,
): Promise<SignInResult> {
  return guarded({email, visitor, channel: 'site', now}, async () => {
    const checked = await check()
    return checked.ok ? {ok: true, email, factor: checked.factor, complete: true} : checked
  })
}

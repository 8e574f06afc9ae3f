import {randomUUID} from 'node:crypto'
import type {SecondFactor} from '#shared/auth/sign-in-result.ts'
import {sql} from '../database.ts'
import {idleLimitS} from './idle-limit.ts'
import {newToken, tokenDigest as digest} from './token-digest.ts'

/*
 * Refresh tokens in `admin_sessions` and `admin_refresh_tokens`. A token is 32 random
 * bytes; only its SHA-256 is stored, so the database alone cannot sign anyone in. The
 * tokens of one sign-in form a family (a session): every refresh spends the presented
 * token and issues the next one. A token spent twice means someone replays a copy, and
 * the whole session is revoked.
 *
 * Spending is one statement: only the statement that marks the token spent issues a
 * successor, so one token never yields two live successors; a spend that finds the token
 * already spent (earlier, or by a concurrent refresh) revokes the session.
 *
 * A token lives the idle limit (./idle-limit.ts) from the last work the page saw, so a
 * sign-in nobody works in ends then; the same statements read the account
 * (staff_accounts), so a disabled account gets no token and the sites are today's.
 *
 * A session remembers the second factor its sign-in passed (null: the password alone, which
 * may only pass one or enrol the first).
 */

/** A sign-in lasts at most 30 days however used. */
export const SESSION_MAX_S = 30 * 24 * 60 * 60

export interface IssuedRefreshToken {
  refreshToken: string
  email: string
  /** The sign-in (admin_sessions.family) the token belongs to, for its access tokens. */
  session: string
  /** Seconds the cookie should live. */
  maxAgeS: number
  /** The sites the account may see now (null: every site, an administrator). */
  sites: string[] | null
  /** The second factor the sign-in passed, or null. */
  factor: SecondFactor | null
}

export type RotateResult =
  | {ok: true; issued: IssuedRefreshToken}
  | {
      ok: false
      reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'disabled'
      email?: string
    }

interface AccountColumns {
  role: string | null
  sites: string[] | null
}

const sitesOf = (account: AccountColumns): string[] | null =>
  account.role === 'administrator' ? null : (account.sites ?? [])

/**
 * Starts a sign-in of `email`, whose password (and `factor`, if any) was just checked: null
 * when the account may not sign in any more (disabled since).
 */
export async function startSession(
  email: string,
  now = Date.now(),
  factor: SecondFactor | null = null,
  idleS = idleLimitS(),
): Promise<IssuedRefreshToken | null> {
  const refreshToken = newToken()
  const session = randomUUID()
  const sessionEnd = new Date(now + SESSION_MAX_S * 1000)
  const expiresAt = new Date(Math.min(now + idleS * 1000, sessionEnd.getTime()))
  const [row] = await sql()<AccountColumns>`
    WITH account AS (
      SELECT email, role, sites FROM staff_accounts WHERE email = ${email} AND disabled_at IS NULL
    ), session AS (
      INSERT INTO admin_sessions (family, email, started_at, expires_at, second_factor)
      SELECT ${session}, email, ${new Date(now)}, ${sessionEnd}, ${factor} FROM account
      RETURNING family
    ), token AS (
      INSERT INTO admin_refresh_tokens (token_hash, family, issued_at, expires_at)
      SELECT ${digest(refreshToken)}, family, ${new Date(now)}, ${expiresAt} FROM session
      RETURNING family
    )
    SELECT account.role, account.sites FROM account, token`
  if (!row) return null
  const maxAgeS = (expiresAt.getTime() - now) / 1000
  return {refreshToken, email, session, maxAgeS, sites: sitesOf(row), factor}
}

/**
 * Spends a refresh token and issues its successor, which lives `idleS` from the last work:
 * `idleForS` ago, as the page counts it (it can only shorten the token's life). A replayed
 * token revokes its session; a disabled account's token is spent and has no successor.
 */
export async function rotateSession(
  token: string,
  now = Date.now(),
  {idleS = idleLimitS(), idleForS = 0}: {idleS?: number; idleForS?: number} = {},
): Promise<RotateResult> {
  const at = new Date(now)
  const successor = newToken()
  const worked = Math.min(Math.max(0, idleForS), idleS - 1)
  const idleEnd = new Date(now + (idleS - worked) * 1000)
  const [row] = await sql()<
    AccountColumns & {
      email: string
      family: string
      revoked: boolean
      account_open: boolean
      spent: boolean
      expires_at: Date | null
      second_factor: SecondFactor | null
    }
  >`
    WITH token AS (
      SELECT t.token_hash, t.family, t.expires_at, s.email, s.expires_at AS session_expires_at,
        s.revoked_at, s.second_factor, a.role, a.sites,
        (a.email IS NOT NULL AND a.disabled_at IS NULL) AS account_open
      FROM admin_refresh_tokens t JOIN admin_sessions s ON s.family = t.family
        LEFT JOIN staff_accounts a ON a.email = s.email
      WHERE t.token_hash = ${digest(token)}
    ), spent AS (
      UPDATE admin_refresh_tokens t SET spent_at = ${at}
      FROM token
      WHERE t.token_hash = token.token_hash AND t.spent_at IS NULL AND token.revoked_at IS NULL
      RETURNING t.family
    ), revoked AS (
      UPDATE admin_sessions s SET revoked_at = ${at}, revoked_reason = 'reuse'
      FROM token
      WHERE s.family = token.family AND s.revoked_at IS NULL AND NOT EXISTS (SELECT 1 FROM spent)
      RETURNING s.family
    ), issued AS (
      INSERT INTO admin_refresh_tokens (token_hash, family, issued_at, expires_at)
      SELECT ${digest(successor)}, token.family, ${at},
        least(${idleEnd}::timestamptz, token.session_expires_at)
      FROM token JOIN spent ON spent.family = token.family
      WHERE token.expires_at > ${at} AND token.session_expires_at > ${at} AND token.account_open
      RETURNING expires_at
    )
    SELECT token.email, token.family, token.second_factor, token.revoked_at IS NOT NULL AS revoked,
      token.account_open, token.role, token.sites,
      EXISTS (SELECT 1 FROM spent) AS spent,
      (SELECT expires_at FROM issued) AS expires_at
    FROM token`
  if (!row) return {ok: false, reason: 'unknown'}
  if (row.revoked)
    return {
      ok: false,
      reason: row.account_open ? 'revoked' : 'disabled',
      email: row.email,
    }
  if (!row.spent) return {ok: false, reason: 'reused', email: row.email}
  if (!row.account_open) return {ok: false, reason: 'disabled', email: row.email}
  if (!row.expires_at) return {ok: false, reason: 'expired', email: row.email}
  return {
    ok: true,
    issued: {
      refreshToken: successor,
      email: row.email,
      session: row.family,
      maxAgeS: (row.expires_at.getTime() - now) / 1000,
      sites: sitesOf(row),
      factor: row.second_factor,
    },
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type SessionStaff =
  | {ok: true; email: string; sites: string[] | null; factor: SecondFactor | null}
  | {ok: false; reason: 'session-ended' | 'account-disabled'; email?: string}

/**
 * Who works in the sign-in `session` at `now`, with the sites their account may see now and
 * the second factor the sign-in passed: one lookup by primary key, made by every staff
 * request. A sign-in that was signed out, revoked for a replay or is past its end has ended;
 * so has every sign-in of a disabled account, even one started while the account was being
 * disabled.
 */
export async function sessionStaff(session: string, now: Date): Promise<SessionStaff> {
  if (!UUID.test(session)) return {ok: false, reason: 'session-ended'}
  const [row] = await sql()<
    AccountColumns & {
      email: string
      live: boolean
      account_open: boolean
      second_factor: SecondFactor | null
    }
  >`
    SELECT s.email, s.revoked_at IS NULL AND s.expires_at > ${now} AS live, s.second_factor,
      a.role, a.sites, (a.email IS NOT NULL AND a.disabled_at IS NULL) AS account_open
    FROM admin_sessions s LEFT JOIN staff_accounts a ON a.email = s.email
    WHERE s.family = ${session}::uuid`
  if (!row) return {ok: false, reason: 'session-ended'}
  if (!row.account_open) return {ok: false, reason: 'account-disabled', email: row.email}
  if (!row.live) return {ok: false, reason: 'session-ended', email: row.email}
  return {ok: true, email: row.email, sites: sitesOf(row), factor: row.second_factor}
}

/** Records that the live sign-in `session` passed `factor`; false when it is not live. */
export async function passSecondFactor(
  session: string,
  factor: SecondFactor,
  now: number,
): Promise<boolean> {
  const [row] = await sql()`
    UPDATE admin_sessions SET second_factor = ${factor}
    WHERE family = ${session}::uuid AND revoked_at IS NULL AND expires_at > ${new Date(now)}
    RETURNING family`
  return row !== undefined
}

/**
 * Ends the sign-in the token belongs to (all of its tokens, past and future); the e-mail of
 * the sign-in it ended, or null when there was none live.
 */
export async function revokeSession(token: string, now = Date.now()): Promise<string | null> {
  const [row] = await sql()<{email: string}>`
    UPDATE admin_sessions s SET revoked_at = ${new Date(now)}, revoked_reason = 'sign-out'
    FROM admin_refresh_tokens t
    WHERE t.token_hash = ${digest(token)} AND s.family = t.family AND s.revoked_at IS NULL
    RETURNING s.email`
  return row?.email ?? null
}

import {createHash, randomBytes, randomUUID} from 'node:crypto'
import type {SecondFactor} from '#shared/auth/sign-in-result.ts'
import {sql} from '../database.ts'

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
 * A session remembers the second factor its sign-in passed (null: the password alone, which
 * may only pass one or enrol the first).
 */

/** A refresh token lasts a week unused; a sign-in lasts at most 30 days however used. */
export const REFRESH_IDLE_S = 7 * 24 * 60 * 60
export const SESSION_MAX_S = 30 * 24 * 60 * 60

export interface IssuedRefreshToken {
  refreshToken: string
  email: string
  /** The sign-in (admin_sessions.family) the token belongs to, for its access tokens. */
  session: string
  /** Seconds the cookie should live. */
  maxAgeS: number
  /** The second factor the sign-in passed, or null. */
  factor: SecondFactor | null
}

export type RotateResult =
  | {ok: true; issued: IssuedRefreshToken}
  | {ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused'; email?: string}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

const newToken = (): string => randomBytes(32).toString('base64url')

export async function startSession(
  email: string,
  now = Date.now(),
  factor: SecondFactor | null = null,
): Promise<IssuedRefreshToken> {
  const refreshToken = newToken()
  const session = randomUUID()
  const sessionEnd = new Date(now + SESSION_MAX_S * 1000)
  const expiresAt = new Date(Math.min(now + REFRESH_IDLE_S * 1000, sessionEnd.getTime()))
  await sql()`
    WITH session AS (
      INSERT INTO admin_sessions (family, email, started_at, expires_at, second_factor)
      VALUES (${session}, ${email}, ${new Date(now)}, ${sessionEnd}, ${factor})
      RETURNING family
    )
    INSERT INTO admin_refresh_tokens (token_hash, family, issued_at, expires_at)
    SELECT ${digest(refreshToken)}, family, ${new Date(now)}, ${expiresAt} FROM session`
  return {refreshToken, email, session, maxAgeS: (expiresAt.getTime() - now) / 1000, factor}
}

/** Spends a refresh token and issues its successor; a replayed token revokes its session. */
export async function rotateSession(token: string, now = Date.now()): Promise<RotateResult> {
  const at = new Date(now)
  const successor = newToken()
  const [row] = await sql()<{
    email: string
    family: string
    revoked: boolean
    spent: boolean
    expires_at: Date | null
    second_factor: SecondFactor | null
  }>`
    WITH token AS (
      SELECT t.token_hash, t.family, t.expires_at, s.email, s.expires_at AS session_expires_at,
        s.revoked_at, s.second_factor
      FROM admin_refresh_tokens t JOIN admin_sessions s ON s.family = t.family
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
        least(${new Date(now + REFRESH_IDLE_S * 1000)}::timestamptz, token.session_expires_at)
      FROM token JOIN spent ON spent.family = token.family
      WHERE token.expires_at > ${at} AND token.session_expires_at > ${at}
      RETURNING expires_at
    )
    SELECT token.email, token.family, token.second_factor, token.revoked_at IS NOT NULL AS revoked,
      EXISTS (SELECT 1 FROM spent) AS spent,
      (SELECT expires_at FROM issued) AS expires_at
    FROM token`
  if (!row) return {ok: false, reason: 'unknown'}
  if (row.revoked) return {ok: false, reason: 'revoked', email: row.email}
  if (!row.spent) return {ok: false, reason: 'reused', email: row.email}
  if (!row.expires_at) return {ok: false, reason: 'expired', email: row.email}
  return {
    ok: true,
    issued: {
      refreshToken: successor,
      email: row.email,
      session: row.family,
      maxAgeS: (row.expires_at.getTime() - now) / 1000,
      factor: row.second_factor,
    },
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The sign-in `session` if it is live at `now` (neither signed out, revoked for a replay nor
 * past its end), with the second factor it passed; null when it is not. One lookup by primary
 * key, made by every staff request.
 */
export async function liveSession(
  session: string,
  now: Date,
): Promise<{factor: SecondFactor | null} | null> {
  if (!UUID.test(session)) return null
  const [row] = await sql()<{second_factor: SecondFactor | null}>`
    SELECT second_factor FROM admin_sessions WHERE family = ${session}::uuid
      AND revoked_at IS NULL AND expires_at > ${now}`
  return row ? {factor: row.second_factor} : null
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

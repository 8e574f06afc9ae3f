import {createHash, randomBytes, randomUUID} from 'node:crypto'
import {openStore} from '../blobs.ts'
import {elect} from '../claims.ts'

/*
 * Refresh tokens in the `sessions` store. A token is 32 random bytes; only its SHA-256
 * is stored, so the store alone cannot sign anyone in. Tokens of one sign-in form a
 * family: every refresh spends the presented token and issues the next one of the
 * family. A token spent twice means someone replays a copy, and the whole family is
 * revoked.
 *
 * Spending is an election among the spenders of one token (`../claims.ts`): the first
 * spender's ticket stays, so any later or concurrent spend loses and reveals the replay
 * (two concurrent spenders may both lose: both are refused), and one token never yields
 * two live successors.
 *
 * Keys: `tokens/<hash>` → TokenRecord, `spent/<hash>/…` → time spent,
 * `revoked/<family>` → time revoked.
 */

/** A refresh token lasts a week unused; a sign-in lasts at most 30 days however used. */
export const REFRESH_IDLE_S = 7 * 24 * 60 * 60
export const SESSION_MAX_S = 30 * 24 * 60 * 60

interface TokenRecord {
  family: string
  email: string
  expiresAt: number
  familyExpiresAt: number
}

export interface IssuedRefreshToken {
  refreshToken: string
  email: string
  /** Seconds the cookie should live. */
  maxAgeS: number
}

export type RotateResult = {ok: true; issued: IssuedRefreshToken} | {ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused'}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

async function issue(record: Omit<TokenRecord, 'expiresAt'>, now: number): Promise<IssuedRefreshToken> {
  const refreshToken = randomBytes(32).toString('base64url')
  const expiresAt = Math.min(now + REFRESH_IDLE_S * 1000, record.familyExpiresAt)
  await openStore('sessions').setJSON(`tokens/${digest(refreshToken)}`, {...record, expiresAt} satisfies TokenRecord, {onlyIfNew: true})
  return {refreshToken, email: record.email, maxAgeS: (expiresAt - now) / 1000}
}

async function lookup(token: string): Promise<TokenRecord | null> {
  return (await openStore('sessions').get(`tokens/${digest(token)}`, {type: 'json'})) as TokenRecord | null
}

async function revokeFamily(family: string, now: number): Promise<void> {
  await openStore('sessions').set(`revoked/${family}`, new Date(now).toISOString())
}

export async function startSession(email: string, now = Date.now()): Promise<IssuedRefreshToken> {
  return issue({family: randomUUID(), email, familyExpiresAt: now + SESSION_MAX_S * 1000}, now)
}

/** Spends a refresh token and issues its successor; a replayed token revokes its family. */
export async function rotateSession(token: string, now = Date.now()): Promise<RotateResult> {
  const store = openStore('sessions')
  const record = await lookup(token)
  if (!record) return {ok: false, reason: 'unknown'}
  if ((await store.get(`revoked/${record.family}`)) !== null) return {ok: false, reason: 'revoked'}
  // A spent token's ticket never goes stale: every later spend is a replay.
  if ((await elect('sessions', `spent/${digest(token)}/`, now, Number.POSITIVE_INFINITY)) === 'contested') {
    await revokeFamily(record.family, now)
    return {ok: false, reason: 'reused'}
  }
  if (record.expiresAt <= now) return {ok: false, reason: 'expired'}
  return {ok: true, issued: await issue(record, now)}
}

/** Ends the sign-in the token belongs to (all of its tokens, past and future). */
export async function revokeSession(token: string, now = Date.now()): Promise<void> {
  const record = await lookup(token)
  if (record) await revokeFamily(record.family, now)
}

import {createHash, randomUUID} from 'node:crypto'
import {listKeys, openStore} from '../blobs.ts'

/*
 * Locks password guessing: five failed sign-ins for one e-mail from one visitor within
 * any 15 minutes lock that pair for the next 15 minutes, whatever password comes next.
 * Failures are counted in a sliding window (one blob per failure, so concurrent failures
 * are never lost); the lock is a record with its end time.
 *
 * Keys in the `rate-limits` store: `login-failures/<pair>/<time>-<uuid>`, `login-locks/<pair>`.
 */

export const MAX_FAILURES = 5
export const FAILURE_WINDOW_MS = 15 * 60 * 1000
export const LOCK_MS = 15 * 60 * 1000

export type GuardState = {locked: false} | {locked: true; retryAfterS: number}

function pairKey(email: string, visitor: string): string {
  return createHash('sha256').update(`${email}\n${visitor}`).digest('base64url')
}

function lockedUntil(until: number, now: number): GuardState {
  return until > now ? {locked: true, retryAfterS: Math.ceil((until - now) / 1000)} : {locked: false}
}

export async function loginLock(email: string, visitor: string, now = Date.now()): Promise<GuardState> {
  const until = Number(await openStore('rate-limits').get(`login-locks/${pairKey(email, visitor)}`))
  return lockedUntil(until, now)
}

/** Counts a failed sign-in; the answer says whether it has just locked the pair. */
export async function recordLoginFailure(email: string, visitor: string, now = Date.now()): Promise<GuardState> {
  const store = openStore('rate-limits')
  const pair = pairKey(email, visitor)
  const prefix = `login-failures/${pair}/`
  await store.set(`${prefix}${now}-${randomUUID()}`, '', {onlyIfNew: true})
  const recent: string[] = []
  const stale: string[] = []
  for (const key of await listKeys('rate-limits', prefix)) {
    const at = Number(key.slice(prefix.length).split('-')[0])
    ;(now - at < FAILURE_WINDOW_MS ? recent : stale).push(key)
  }
  await Promise.all(stale.map((key) => store.delete(key)))
  if (recent.length < MAX_FAILURES) return {locked: false}
  const until = now + LOCK_MS
  await store.set(`login-locks/${pair}`, String(until))
  await Promise.all(recent.map((key) => store.delete(key)))
  return lockedUntil(until, now)
}

/** A successful sign-in forgets the earlier failures of the pair. */
export async function clearLoginFailures(email: string, visitor: string): Promise<void> {
  const store = openStore('rate-limits')
  const keys = await listKeys('rate-limits', `login-failures/${pairKey(email, visitor)}/`)
  await Promise.all(keys.map((key) => store.delete(key)))
}

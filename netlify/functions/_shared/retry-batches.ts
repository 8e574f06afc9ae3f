import {setting} from '#config/settings.ts'
/*
 * What the database outboxes (lead delivery, texts) share: the backoff between attempts
 * and the run that claims due rows batch by batch and sends them.
 */

/**
 * Retries wait 1, 2, 4, 8 … minutes, at most an hour: soon after an outage ends, never a
 * flood during one. A local stack may shorten the first wait (RETRY_BACKOFF_S), so that its
 * browser tests see an outage retried in seconds; Netlify sets no such variable.
 */
export const BACKOFF_CAP_MS = 60 * 60_000

export function backoffMs(attempt: number): number {
  const baseMs = setting('RETRY_BACKOFF_S') * 1000
  return Math.min(BACKOFF_CAP_MS, baseMs * 2 ** Math.max(0, attempt - 1))
}

export interface DrainOptions<T, O extends string> {
  /** Claims up to `limit` due rows (none another caller holds). */
  claim: (limit: number) => Promise<T[]>
  /** Sends one claimed row and records its outcome, which ends the claim. */
  send: (claimed: T) => Promise<O>
  /** Rows claimed and sent at a time. */
  concurrency: number
  /**
   * No new batch is claimed from this instant on (runDeadline); an attempt cut off anyway is
   * claimed again once its lease ends.
   */
  deadline: number
  clock: () => number
}

/**
 * One run of an outbox: claims due rows batch by batch and sends them, until none is due
 * or the deadline has come. A failed attempt is due again only after its backoff, so a run
 * never sends one row twice. Answers how many were claimed and each outcome's count (rows
 * left due at the deadline stay due: the next run's).
 */
export async function drainOutbox<T, O extends string>({
  claim,
  send,
  concurrency,
  deadline,
  clock,
}: DrainOptions<T, O>): Promise<{due: number; outcomes: Partial<Record<O, number>>}> {
  const outcomes: Partial<Record<O, number>> = {}
  let due = 0
  while (clock() < deadline) {
    const batch = await claim(concurrency)
    if (batch.length === 0) break
    due += batch.length
    for (const outcome of await Promise.all(batch.map(send)))
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
  }
  return {due, outcomes}
}

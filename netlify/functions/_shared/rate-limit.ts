import {sql, type Sql} from './database.ts'

export interface RateLimitRule {
  /** What is limited, e.g. `register` or `login`: one namespace of counters. */
  bucket: string
  limit: number
  windowS: number
}

export interface RateLimitResult {
  allowed: boolean
  /** Seconds until the current window ends (when a refused caller may try again). */
  retryAfterS: number
}

/** The fixed window `now` falls in. */
export function windowOf(rule: RateLimitRule, now: number): {start: Date; endsAt: number} {
  const length = rule.windowS * 1000
  const start = Math.floor(now / length) * length
  return {start: new Date(start), endsAt: start + length}
}

/**
 * Counts one event of `subject` in its window, unless the window is full: one row per
 * bucket and subject, updated by one upsert, so concurrent events are counted one after
 * another and never past the limit. Returns the count (a row) when the event is allowed,
 * nothing when refused. A statement of its own, or a part of a larger one.
 */
export function countEvent(s: Sql, rule: RateLimitRule, subject: string, now: number) {
  const {start} = windowOf(rule, now)
  return s`INSERT INTO rate_limits AS r (bucket, subject, window_start, hits)
    VALUES (${rule.bucket}, ${subject}, ${start}, 1)
    ON CONFLICT (bucket, subject) DO UPDATE SET
      hits = CASE WHEN r.window_start = ${start}::timestamptz THEN r.hits + 1 ELSE 1 END,
      window_start = ${start}::timestamptz
    WHERE r.window_start <> ${start}::timestamptz OR r.hits < ${rule.limit}
    RETURNING hits`
}

export function retryAfterS(rule: RateLimitRule, now: number): number {
  return Math.max(1, Math.ceil((windowOf(rule, now).endsAt - now) / 1000))
}

/**
 * Counts one event for `subject` before the work it stands for is done, and says
 * whether it is within the limit. A refused event is not counted, so a flood cannot grow
 * its counter.
 */
export async function hit(
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const s = sql()
  const rows = await countEvent(s, rule, subject, now)
  return {allowed: rows.length > 0, retryAfterS: retryAfterS(rule, now)}
}

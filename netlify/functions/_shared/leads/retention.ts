import {sql, type Sql} from '../database.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Access records (the audit log) outlive every lead they mention: two years. */
export const AUDIT_RETENTION_DAYS = 730
/** The record of a visitor's requests about their data (docs/visitors-rights.md): three years. */
export const REQUEST_RETENTION_DAYS = 1095

export interface Deleted {
  leads: number
  sessions: number
  counters: number
  auditEntries: number
  visitorCodes: number
  visitorRequests: number
}

/**
 * Deletes what is kept no longer: every lead (spam included) stored more than
 * `retentionDays` ago, as the privacy notice promises, with its delivery; sessions a day
 * after they ended; counters and sign-in locks a day after their window; audit entries
 * after two years; the data page's codes a day after they ran out, and its requests' record
 * after three years (one still open stays until answered). Each is one DELETE with a date
 * predicate.
 */
export async function deleteExpired({
  now,
  retentionDays,
}: {
  now: number
  retentionDays: number
}): Promise<Deleted> {
  const s = sql()
  const count = async (deletion: ReturnType<Sql>): Promise<number> =>
    (
      await s<{
        n: number
      }>`WITH gone AS (${deletion} RETURNING 1) SELECT count(*)::int AS n FROM gone`
    )[0]?.n ?? 0
  const dayAgo = new Date(now - DAY_MS)
  const [leads, sessions, counters, guards, auditEntries, visitorCodes, visitorRequests] =
    await Promise.all([
      count(s`DELETE FROM leads WHERE created_at < ${new Date(now - retentionDays * DAY_MS)}`),
      count(s`DELETE FROM admin_sessions WHERE expires_at < ${dayAgo} OR revoked_at < ${dayAgo}`),
      count(s`DELETE FROM rate_limits WHERE window_start < ${dayAgo}`),
      count(
        s`DELETE FROM sign_in_guards WHERE attempts[cardinality(attempts)] < ${dayAgo}
        AND (locked_until IS NULL OR locked_until < ${dayAgo})`,
      ),
      count(s`DELETE FROM audit_log WHERE at < ${new Date(now - AUDIT_RETENTION_DAYS * DAY_MS)}`),
      count(s`DELETE FROM visitor_codes WHERE expires_at < ${dayAgo}`),
      count(
        s`DELETE FROM visitor_requests WHERE status <> 'open'
        AND at < ${new Date(now - REQUEST_RETENTION_DAYS * DAY_MS)}`,
      ),
    ])
  return {leads, sessions, counters: counters + guards, auditEntries, visitorCodes, visitorRequests}
}

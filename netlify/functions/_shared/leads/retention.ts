import {sql, type Sql} from '../database.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/**
 * Access records (the access record, its monthly reviews and the audit log) outlive every
 * lead they mention: two years. The records' trigger (migration 0030) refuses to delete a
 * younger row, by the same count of days.
 */
export const AUDIT_RETENTION_DAYS = 730
/** The record of staff access granted, changed and removed: three years. */
export const ACCOUNT_CHANGES_RETENTION_DAYS = 1095

export interface Deleted {
  leads: number
  sessions: number
  counters: number
  auditEntries: number
  /** One-time links to set a password, a day after they expired (used or not). */
  links: number
  accountChanges: number
  accessEntries: number
  /** Days of a person's requests counted for the review. */
  accessCounts: number
  accessReviews: number
}

/**
 * Deletes what is kept no longer: every lead (spam included) stored more than
 * `retentionDays` ago, as the privacy notice promises, with its delivery; sessions a day
 * after they ended; counters and sign-in locks a day after their window; audit entries,
 * access records and their reviews after two years; password links a day after they
 * expired; the record of staff accounts' changes after three years. Each is one DELETE with
 * a date predicate.
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
  // Never later than the trigger allows by the database's clock: a process clock a little
  // ahead would otherwise ask for a row the trigger keeps, and the whole DELETE would fail.
  const recordsEnd = s`LEAST(${new Date(now - AUDIT_RETENTION_DAYS * DAY_MS)}::timestamptz,
    now() - make_interval(days => ${AUDIT_RETENTION_DAYS}))`
  const [
    leads,
    sessions,
    counters,
    guards,
    auditEntries,
    accessEntries,
    accessCounts,
    accessReviews,
    links,
    accountChanges,
  ] = await Promise.all([
    count(s`DELETE FROM leads WHERE created_at < ${new Date(now - retentionDays * DAY_MS)}`),
    count(s`DELETE FROM admin_sessions WHERE expires_at < ${dayAgo} OR revoked_at < ${dayAgo}`),
    count(s`DELETE FROM rate_limits WHERE window_start < ${dayAgo}`),
    count(
      s`DELETE FROM sign_in_guards WHERE attempts[cardinality(attempts)] < ${dayAgo}
        AND (locked_until IS NULL OR locked_until < ${dayAgo})`,
    ),
    count(s`DELETE FROM audit_log WHERE at < ${recordsEnd}`),
    count(s`DELETE FROM access_log WHERE at < ${recordsEnd}`),
    count(s`DELETE FROM access_counts
        WHERE day < (${recordsEnd} AT TIME ZONE 'Asia/Seoul')::date`),
    count(s`DELETE FROM access_reviews WHERE at < ${recordsEnd}`),
    count(s`DELETE FROM staff_invites WHERE expires_at < ${dayAgo}`),
    count(
      s`DELETE FROM staff_account_changes
        WHERE at < ${new Date(now - ACCOUNT_CHANGES_RETENTION_DAYS * DAY_MS)}`,
    ),
  ])
  return {
    leads,
    sessions,
    counters: counters + guards,
    auditEntries,
    accessEntries,
    accessCounts,
    accessReviews,
    links,
    accountChanges,
  }
}

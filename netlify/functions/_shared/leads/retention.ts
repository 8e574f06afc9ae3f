import type {Destroyed, DestructionRun} from '#shared/privacy/destruction-runs.ts'
import {sql} from '../database.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/**
 * Access records (the access record, its monthly reviews and the audit log) outlive every
 * lead they mention: two years. The records' trigger (migration 0030) refuses to delete a
 * younger row, by the same count of days.
 */
export const AUDIT_RETENTION_DAYS = 730
/** The record of staff access granted, changed and removed: three years. */
export const ACCOUNT_CHANGES_RETENTION_DAYS = 1095
/** The record of a visitor's requests about their data (docs/visitors-rights.md): three years. */
export const REQUEST_RETENTION_DAYS = 1095
/**
 * Leads destroyed by one statement at most: a backlog (a longer retention shortened) goes in
 * batches, each well inside the statement timeout and the scheduled function's 30 s.
 */
export const DESTRUCTION_BATCH = 5000

/**
 * Destroys what is kept no longer and records it, in ONE statement: every lead (spam
 * included) stored more than `retentionDays` ago, at most `batch` of them, oldest first, with
 * everything that hangs on it (its delivery, visit, texts, notes, waiting-list entry); sessions
 * a day after they ended; counters and sign-in locks a day after their window; the audit log,
 * the access record, its day counts and review marks after two years; password links a day
 * after they expired; the record of staff accounts' changes after three years; the data
 * page's codes a day after they ran out, and its requests' record three years after each
 * request (one still open stays until staff answer it). The row it writes in
 * destruction_runs holds the counts of each kind and nothing about whom. The leads are locked
 * first, so of two runs at once the second finds them gone and counts nothing of theirs; what
 * hangs on them is counted as the statement found it.
 */
export async function destroyExpired({
  now,
  retentionDays,
  batch = DESTRUCTION_BATCH,
}: {
  now: number
  retentionDays: number
  batch?: number
}): Promise<DestructionRun> {
  const leadsBefore = new Date(now - retentionDays * DAY_MS)
  const dayAgo = new Date(now - DAY_MS)
  const s = sql()
  // Never later than the records' trigger allows by the database's clock: a process clock a
  // little ahead would otherwise ask for a row the trigger keeps, and the whole statement
  // would fail.
  const recordsEnd = s`LEAST(${new Date(now - AUDIT_RETENTION_DAYS * DAY_MS)}::timestamptz,
    now() - make_interval(days => ${AUDIT_RETENTION_DAYS}))`
  const [row] = await s<{destroyed: Destroyed}>`
    WITH doomed AS (
      SELECT id FROM leads WHERE created_at < ${leadsBefore}
      ORDER BY created_at LIMIT ${batch} FOR UPDATE
    ), hanging AS (
      SELECT
        (SELECT count(*) FROM visits WHERE lead_id IN (SELECT id FROM doomed)) AS visits,
        (SELECT count(*) FROM text_messages WHERE lead_id IN (SELECT id FROM doomed)) AS texts,
        (SELECT count(*) FROM lead_notes WHERE lead_id IN (SELECT id FROM doomed)) AS notes,
        (SELECT count(*) FROM lead_deliveries WHERE lead_id IN (SELECT id FROM doomed))
          AS deliveries,
        (SELECT count(*) FROM waitlist_entries WHERE lead_id IN (SELECT id FROM doomed))
          AS waitlist_entries
    ), leads_gone AS (
      DELETE FROM leads WHERE id IN (SELECT id FROM doomed) RETURNING 1
    ), sessions_gone AS (
      DELETE FROM admin_sessions WHERE expires_at < ${dayAgo} OR revoked_at < ${dayAgo}
      RETURNING 1
    ), counters_gone AS (
      DELETE FROM rate_limits WHERE window_start < ${dayAgo} RETURNING 1
    ), guards_gone AS (
      DELETE FROM sign_in_guards WHERE attempts[cardinality(attempts)] < ${dayAgo}
        AND (locked_until IS NULL OR locked_until < ${dayAgo})
      RETURNING 1
    ), audit_gone AS (
      DELETE FROM audit_log WHERE at < ${recordsEnd} RETURNING 1
    ), access_gone AS (
      DELETE FROM access_log WHERE at < ${recordsEnd} RETURNING 1
    ), access_counts_gone AS (
      DELETE FROM access_counts WHERE day < (${recordsEnd} AT TIME ZONE 'Asia/Seoul')::date
      RETURNING 1
    ), reviews_gone AS (
      DELETE FROM access_reviews WHERE at < ${recordsEnd} RETURNING 1
    ), links_gone AS (
      DELETE FROM staff_invites WHERE expires_at < ${dayAgo} RETURNING 1
    ), account_changes_gone AS (
      DELETE FROM staff_account_changes
      WHERE at < ${new Date(now - ACCOUNT_CHANGES_RETENTION_DAYS * DAY_MS)}
      RETURNING 1
    ), codes_gone AS (
      DELETE FROM visitor_codes WHERE expires_at < ${dayAgo} RETURNING 1
    ), requests_gone AS (
      DELETE FROM visitor_requests WHERE status <> 'open'
        AND at < ${new Date(now - REQUEST_RETENTION_DAYS * DAY_MS)}
      RETURNING 1
    )
    INSERT INTO destruction_runs (ran_at, leads_before, destroyed)
    SELECT ${new Date(now)}, ${leadsBefore}, jsonb_build_object(
      'leads', (SELECT count(*) FROM leads_gone),
      'visits', h.visits,
      'texts', h.texts,
      'notes', h.notes,
      'deliveries', h.deliveries,
      'waitlistEntries', h.waitlist_entries,
      'sessions', (SELECT count(*) FROM sessions_gone),
      'counters', (SELECT count(*) FROM counters_gone) + (SELECT count(*) FROM guards_gone)
        + (SELECT count(*) FROM access_counts_gone),
      'accessRecords', (SELECT count(*) FROM audit_gone) + (SELECT count(*) FROM access_gone)
        + (SELECT count(*) FROM reviews_gone),
      'staffLinks', (SELECT count(*) FROM links_gone),
      'staffAccountChanges', (SELECT count(*) FROM account_changes_gone),
      'visitorCodes', (SELECT count(*) FROM codes_gone),
      'visitorRequests', (SELECT count(*) FROM requests_gone))
    FROM hanging h
    RETURNING destroyed`
  return {
    at: new Date(now).toISOString(),
    leadsBefore: leadsBefore.toISOString(),
    destroyed: row!.destroyed,
  }
}

/** The latest runs, newest first. */
export async function latestDestructionRuns(limit: number): Promise<DestructionRun[]> {
  const rows = await sql()<{ran_at: Date; leads_before: Date; destroyed: Destroyed}>`
    SELECT ran_at, leads_before, destroyed FROM destruction_runs
    ORDER BY ran_at DESC, id DESC LIMIT ${limit}`
  return rows.map((row) => ({
    at: row.ran_at.toISOString(),
    leadsBefore: row.leads_before.toISOString(),
    destroyed: row.destroyed,
  }))
}

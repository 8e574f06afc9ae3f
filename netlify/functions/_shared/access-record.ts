import type {AccessSubject, AccessTask} from '#shared/access/access-record.ts'
import {sql} from './database.ts'

/*
 * One row of the access record (netlify/database/migrations/0030_access_log.sql) and what a
 * request tells it along the way. The staff gate notes who asks (or why it refused them),
 * the handler notes whose data it touched; the endpoint's wrapper (./access/recorded.ts) writes
 * the row once the answer is known.
 */

/** An address is new to an account that has not come from it in this many days. */
export const ADDRESS_MEMORY_DAYS = 30

export interface AccessNote {
  /** The signed-in account, or the account a refused token named. */
  actor?: string
  /** Why the request was refused ('site', 'role', 'bad-token', …). */
  refused?: string
  leads?: string[]
  subject?: Omit<AccessSubject, 'leads'>
  /** Why a download was made, as its person gave it. */
  reason?: string | null
}

const notes = new WeakMap<Request, AccessNote>()

/**
 * Adds to what the access record will say of `req` (fields given later win; `subject` is
 * merged). Called by the staff gate and by handlers; a request no wrapper records keeps
 * its note only as long as the request lives.
 */
export function noteAccess(req: Request, note: AccessNote): void {
  const before = notes.get(req)
  notes.set(req, {...before, ...note, subject: {...before?.subject, ...note.subject}})
}

export const accessNote = (req: Request): AccessNote | undefined => notes.get(req)

export interface AccessRow {
  at: number
  actor: string
  address: string
  task: AccessTask
  method: string
  path: string
  status: number
  leads: string[]
  subject: Omit<AccessSubject, 'leads'>
  reason: string | null
  refused: string | null
}

/**
 * Writes one row, and counts it among its person's requests of the day for the review's
 * overview. The same statement decides whether the address is new to the account (no row
 * of theirs from it in the 30 days before) and, for leads opened, how many distinct leads
 * the account opened in the hour up to now: an index probe each, so the review reads these
 * instead of replaying everyone's history.
 */
export async function writeAccess(row: AccessRow): Promise<void> {
  const s = sql()
  const at = new Date(row.at)
  const opening = row.task === '조회' && row.leads.length > 0 && row.status < 400
  await s`WITH written AS (
      INSERT INTO access_log (at, actor, address, task, method, path, status, lead_ids,
        subject, reason, refused, new_address, opened_in_hour)
      SELECT ${at}::timestamptz, ${row.actor}::text, ${row.address}::text, ${row.task}::text,
        ${row.method}::text, ${row.path}::text, ${row.status}::smallint, ${row.leads}::uuid[],
        ${JSON.stringify(row.subject)}::jsonb, ${row.reason}::text, ${row.refused}::text,
        NOT EXISTS (SELECT 1 FROM access_log p
          WHERE p.actor = ${row.actor} AND p.address = ${row.address}
            AND p.at > ${at}::timestamptz - make_interval(days => ${ADDRESS_MEMORY_DAYS})
            AND p.at <= ${at}),
        CASE WHEN ${opening} THEN (
          SELECT count(DISTINCT lead)::int FROM (
            SELECT unnest(p.lead_ids) AS lead FROM access_log p
            WHERE p.actor = ${row.actor} AND p.opened_in_hour IS NOT NULL
              AND p.at > ${at}::timestamptz - interval '1 hour' AND p.at <= ${at}
            UNION ALL SELECT unnest(${row.leads}::uuid[])
          ) opened
        ) END
      RETURNING at, actor, task
    )
    INSERT INTO access_counts (day, actor, task, requests)
    SELECT (at AT TIME ZONE 'Asia/Seoul')::date, actor, task, 1 FROM written
    ON CONFLICT (day, actor, task) DO UPDATE SET requests = access_counts.requests + 1`
}

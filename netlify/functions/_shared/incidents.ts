import {randomUUID} from 'node:crypto'
import type {IncidentKind, OpenIncident} from '#shared/operations/health.ts'
import {kstDate, kstDayStart} from '#shared/korea-time.ts'
import {sql} from './database.ts'

/*
 * The incidents' rows (migration 0037). Opening inserts unless one of its kind and subject is
 * open; closing updates the open one: each answers whether this caller did it, so that only
 * that caller tells the administrators.
 */

export interface IncidentKey {
  kind: IncidentKind
  /** The job's name for a late job; empty for the others. */
  subject?: string
}

/** The new incident's id and opening time, or null when one of its key was open already. */
export async function openIncident(
  {kind, subject = ''}: IncidentKey,
  detail: string,
  now: number,
): Promise<{id: string; openedAt: number} | null> {
  const rows = await sql()<{id: string}>`
    INSERT INTO operations_incidents (id, kind, subject, opened_at, detail)
    VALUES (${randomUUID()}::uuid, ${kind}, ${subject}, ${new Date(now)}, ${detail})
    ON CONFLICT (kind, subject) WHERE closed_at IS NULL DO NOTHING
    RETURNING id`
  return rows[0] ? {id: rows[0].id, openedAt: now} : null
}

/** How many incidents opened on the day in Seoul of `now`, this one included. */
export async function incidentsOpenedOn(now: number): Promise<number> {
  const [row] = await sql()<{n: number}>`
    SELECT count(*)::int AS n FROM operations_incidents
    WHERE opened_at >= ${new Date(kstDayStart(kstDate(now)))} AND opened_at <= ${new Date(now)}`
  return row?.n ?? 0
}

/** The incident this call closed, or null when none of its key was open. */
export async function closeIncident(
  {kind, subject = ''}: IncidentKey,
  now: number,
): Promise<{id: string; openedAt: number} | null> {
  const rows = await sql()<{id: string; opened_at: Date}>`
    UPDATE operations_incidents SET closed_at = ${new Date(now)}
    WHERE kind = ${kind} AND subject = ${subject} AND closed_at IS NULL
    RETURNING id, opened_at`
  return rows[0] ? {id: rows[0].id, openedAt: rows[0].opened_at.getTime()} : null
}

/** Notes how the administrators were told of the opening or the recovery. */
export async function noteTold(id: string, phase: 'opened' | 'closed', told: string) {
  if (phase === 'opened')
    await sql()`UPDATE operations_incidents SET told = ${told} WHERE id = ${id}::uuid`
  else await sql()`UPDATE operations_incidents SET recovery_told = ${told} WHERE id = ${id}::uuid`
}

/** The incidents open now, oldest first. */
export async function openIncidents(): Promise<OpenIncident[]> {
  const rows = await sql()<{
    kind: IncidentKind
    subject: string
    opened_at: Date
    detail: string
    told: string | null
  }>`SELECT kind, subject, opened_at, detail, told FROM operations_incidents
    WHERE closed_at IS NULL ORDER BY opened_at, id`
  return rows.map((row) => ({
    kind: row.kind,
    subject: row.subject,
    openedAt: row.opened_at.toISOString(),
    detail: row.detail,
    told: row.told ?? '알리는 중',
  }))
}

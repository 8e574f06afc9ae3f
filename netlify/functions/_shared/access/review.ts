import {
  NIGHT_ENDS_HOUR,
  NIGHT_STARTS_HOUR,
  type AccessFlags,
  type AccessReview,
  type AccessReviewMark,
  type AccessTask,
} from '#shared/access/access-record.ts'
import {KST_OFFSET_MS} from '#shared/korea-time.ts'
import {sql} from '../database.ts'

/*
 * The monthly review of the access record (접속기록 점검): who did what in a month, what
 * deserves a look, and the marks of who reviewed it. No part reads every row of the month:
 * the flags read the few rows they concern by index (downloads, refusals, new addresses,
 * the hours of many openings, the night hours), the people's figures the day counts.
 */

const HOUR_MS = 60 * 60 * 1000

/** The instants a Seoul month 'YYYY-MM' starts and ends (exclusive). */
export function monthRange(month: string): {from: Date; to: Date} {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return {
    from: new Date(Date.UTC(year, number - 1, 1) - KST_OFFSET_MS),
    to: new Date(Date.UTC(year, number, 1) - KST_OFFSET_MS),
  }
}

interface Scope {
  from: Date
  to: Date
  actor: string | null
}

async function people({from, to, actor}: Scope): Promise<AccessReview['people']> {
  const rows = await sql()<{actor: string; task: AccessTask; n: number}>`
    SELECT actor, task, sum(requests)::int AS n FROM access_counts
    WHERE day >= (${from}::timestamptz AT TIME ZONE 'Asia/Seoul')::date
      AND day < (${to}::timestamptz AT TIME ZONE 'Asia/Seoul')::date
      AND (${actor}::text IS NULL OR actor = ${actor})
    GROUP BY actor, task ORDER BY actor`
  const byActor = new Map<string, AccessReview['people'][number]>()
  for (const row of rows) {
    const person = byActor.get(row.actor) ?? {actor: row.actor, tasks: {}, total: 0}
    person.tasks[row.task] = row.n
    person.total += row.n
    byActor.set(row.actor, person)
  }
  return [...byActor.values()]
}

/** Downloads, refusals and new addresses: the rows of the flagged index. */
async function flaggedRows({from, to, actor}: Scope) {
  const s = sql()
  const inScope = s`at >= ${from} AND at < ${to} AND (${actor}::text IS NULL OR actor = ${actor})`
  return Promise.all([
    s<{at: Date; actor: string; address: string; count: number | null; reason: string | null}>`
      SELECT at, actor, address, (subject->>'count')::int AS count, reason FROM access_log
      WHERE task = '다운로드' AND ${inScope} ORDER BY at`,
    s<{actor: string; address: string; at: Date}>`
      SELECT actor, address, at FROM access_log WHERE new_address AND ${inScope} ORDER BY at`,
    s<{actor: string; address: string; refused: string; first: Date; last: Date; n: number}>`
      SELECT actor, address, refused, min(at) AS first, max(at) AS last, count(*)::int AS n
      FROM access_log WHERE refused IS NOT NULL AND ${inScope}
      GROUP BY actor, address, refused ORDER BY min(at)`,
  ])
}

/**
 * The hours in which one person opened more than `threshold` distinct leads: the rows whose
 * count (taken as each was written) passed it, joined while each follows the last within
 * the hour. A stretch runs from an hour before its first such row to its last, with the
 * highest count in it.
 */
async function bulkHours({from, to, actor}: Scope, threshold: number) {
  const rows = await sql()<{actor: string; at: Date; opened: number}>`
    SELECT actor, at, opened_in_hour AS opened FROM access_log
    WHERE opened_in_hour > ${threshold} AND at >= ${from} AND at < ${to}
      AND (${actor}::text IS NULL OR actor = ${actor})
    ORDER BY actor, at`
  const stretches: AccessFlags['bulk'] = []
  let current: {actor: string; from: number; to: number; leads: number} | null = null
  for (const row of rows) {
    const at = row.at.getTime()
    if (current && current.actor === row.actor && at - current.to <= HOUR_MS) {
      current.to = at
      current.leads = Math.max(current.leads, row.opened)
      continue
    }
    if (current) stretches.push(stretchOf(current))
    current = {actor: row.actor, from: at - HOUR_MS, to: at, leads: row.opened}
  }
  if (current) stretches.push(stretchOf(current))
  return stretches.sort((a, b) => a.from.localeCompare(b.from))
}

const stretchOf = (stretch: {actor: string; from: number; to: number; leads: number}) => ({
  actor: stretch.actor,
  from: new Date(stretch.from).toISOString(),
  to: new Date(stretch.to).toISOString(),
  leads: stretch.leads,
})

/**
 * Requests at night, per person and night: each night of the period read as its own range
 * of the time index (from 22:00 to 07:00 in Seoul), so that the day's rows are not read.
 */
async function nights({from, to, actor}: Scope): Promise<AccessFlags['night']> {
  const rows = await sql()<{actor: string; night: string; first: Date; last: Date; n: number}>`
    SELECT a.actor, to_char(d.day AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD') AS night,
      min(a.at) AS first, max(a.at) AS last, count(*)::int AS n
    FROM generate_series(${from}::timestamptz - interval '1 day', ${to}::timestamptz,
      interval '1 day') AS d(day)
    JOIN access_log a
      ON a.at >= d.day + make_interval(hours => ${NIGHT_STARTS_HOUR})
      AND a.at < d.day + make_interval(hours => ${24 + NIGHT_ENDS_HOUR})
    WHERE a.at >= ${from} AND a.at < ${to} AND (${actor}::text IS NULL OR a.actor = ${actor})
    GROUP BY a.actor, d.day ORDER BY d.day, a.actor`
  return rows.map((row) => ({
    actor: row.actor,
    night: row.night,
    first: row.first.toISOString(),
    last: row.last.toISOString(),
    requests: row.n,
  }))
}

export async function reviewMarks(month: string): Promise<AccessReviewMark[]> {
  const rows = await sql()<{at: Date; reviewer: string; note: string}>`
    SELECT at, reviewer, note FROM access_reviews
    WHERE month = ${`${month}-01`}::date ORDER BY at, id`
  return rows.map((row) => ({at: row.at.toISOString(), reviewer: row.reviewer, note: row.note}))
}

/** The review of `month` ('YYYY-MM'), for everyone or one person (`actor`). */
export async function reviewOf(
  month: string,
  {actor = null, threshold}: {actor?: string | null; threshold: number},
): Promise<AccessReview> {
  const scope = {...monthRange(month), actor}
  const [counts, [downloads, newAddresses, refused], bulk, night, reviews] = await Promise.all([
    people(scope),
    flaggedRows(scope),
    bulkHours(scope, threshold),
    nights(scope),
    reviewMarks(month),
  ])
  return {
    month,
    bulkThreshold: threshold,
    people: counts,
    flags: {
      downloads: downloads.map((row) => ({...row, at: row.at.toISOString()})),
      bulk,
      night,
      newAddresses: newAddresses.map((row) => ({...row, at: row.at.toISOString()})),
      refused: refused.map(({n, first, last, ...row}) => ({
        ...row,
        first: first.toISOString(),
        last: last.toISOString(),
        requests: n,
      })),
    },
    reviews,
  }
}

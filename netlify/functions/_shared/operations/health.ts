import type {
  DatabaseHealth,
  ForwardingCounts,
  ForwardingHealth,
  Health,
  JobHealth,
  SiteHealth,
  TextCounts,
  TextsHealth,
} from '#shared/operations/health.ts'
import {sql} from '../database.ts'
import {leadSettings} from '../lead-settings.ts'
import {providerErrorWords} from '../texts/error-words.ts'
import {openIncidents} from '../incidents.ts'
import {readJobRuns} from './job-runs.ts'
import {publishingHealth} from './publishing.ts'
import {isLate, SCHEDULED_JOBS} from './jobs.ts'

/*
 * The figures of the health page, each section with the instant it was read: the jobs from
 * their Blobs records, the rest from the database (counts only: no one's data).
 */

const DAY_MS = 24 * 60 * 60_000

const iso = (ms: number) => new Date(ms).toISOString()

export async function jobsHealth(now: number): Promise<JobHealth[]> {
  const runs = await readJobRuns()
  const readAt = iso(Date.now())
  return SCHEDULED_JOBS.map((job) => {
    const run = runs.get(job.name)
    const lastRunAt = run ? Date.parse(run.startedAt) : null
    return {
      name: job.name,
      label: job.label,
      schedule: job.schedule,
      every: job.every,
      lastRunAt: run?.startedAt ?? null,
      lastDurationMs: run?.durationMs ?? null,
      did: run?.did ?? null,
      lastOk: run?.ok ?? null,
      late: isLate(job, lastRunAt, now),
      readAt,
    }
  })
}

interface TextRow {
  site: string
  queued: number
  sent: number
  kept: number
  failed: number
}

/** The texts of the last 24 hours (and those waiting now), per site. */
async function textCounts(now: number): Promise<TextRow[]> {
  const since = new Date(now - DAY_MS)
  return sql()<TextRow>`
    SELECT l.site,
      count(*) FILTER (WHERE t.status IN ('queued', 'failed')
        AND t.next_attempt_at IS NOT NULL)::int AS queued,
      count(*) FILTER (WHERE t.status = 'sent' AND t.sent_at > ${since})::int AS sent,
      count(*) FILTER (WHERE t.status = 'kept' AND t.last_attempt_at > ${since})::int AS kept,
      count(*) FILTER (WHERE t.status IN ('failed', 'refused') AND t.provider IS NOT NULL
        AND t.last_attempt_at > ${since})::int AS failed
    FROM text_messages t JOIN leads l ON l.id = t.lead_id
    WHERE (t.status IN ('queued', 'failed') AND t.next_attempt_at IS NOT NULL)
      OR t.last_attempt_at > ${since}
    GROUP BY l.site`
}

async function lastProviderError(): Promise<TextsHealth['lastError']> {
  const [row] = await sql()<{last_error: string | null; last_attempt_at: Date}>`
    SELECT last_error, last_attempt_at FROM text_messages
    WHERE provider IS NOT NULL AND last_attempt_at IS NOT NULL
      AND status IN ('failed', 'refused')
    ORDER BY last_attempt_at DESC LIMIT 1`
  if (!row) return null
  const raw = row.last_error ?? ''
  return {words: providerErrorWords(raw), raw, at: row.last_attempt_at.toISOString()}
}

interface ForwardingRow {
  site: string
  waiting: number
  oldest: Date | null
  failing: number
}

/** Leads not yet delivered, per site (the delivery's status index reads them). */
async function forwardingCounts(): Promise<ForwardingRow[]> {
  return sql()<ForwardingRow>`
    SELECT l.site, count(*)::int AS waiting, min(l.created_at) AS oldest,
      count(*) FILTER (WHERE d.status = 'failed')::int AS failing
    FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id
    WHERE d.status IN ('pending', 'failed', 'not-configured')
    GROUP BY l.site`
}

/** A forwarding error (`HTTP 500`, `응답 시간 초과`, `연결 실패 (ECONNREFUSED)`) in words. */
export function forwardingErrorWords(raw: string): string {
  if (raw.startsWith('HTTP ')) return `전달 서비스가 오류(${raw})로 답했습니다.`
  if (raw.startsWith('응답 시간 초과')) return '전달 서비스가 제때 응답하지 않았습니다.'
  return `전달 서비스에 연결하지 못했습니다. (${raw})`
}

async function lastForwardingError(): Promise<ForwardingHealth['lastError']> {
  const [row] = await sql()<{last_error: string | null; last_attempt_at: Date}>`
    SELECT last_error, last_attempt_at FROM lead_deliveries
    WHERE status = 'failed' AND last_attempt_at IS NOT NULL
    ORDER BY last_attempt_at DESC LIMIT 1`
  return row
    ? {words: forwardingErrorWords(row.last_error ?? ''), at: row.last_attempt_at.toISOString()}
    : null
}

async function databaseFigures(): Promise<{
  sizeBytes: number
  accessRecords: number
  leads: Array<{site: string; count: number}>
}> {
  const s = sql()
  const [sizes, leads] = await Promise.all([
    s<{size: string; access: number}>`
      SELECT pg_database_size(current_database())::text AS size,
        (SELECT count(*) FROM access_log)::int AS access`,
    s<{site: string; count: number}>`SELECT site, count(*)::int AS count FROM leads GROUP BY site`,
  ])
  return {sizeBytes: Number(sizes[0]?.size ?? 0), accessRecords: sizes[0]?.access ?? 0, leads}
}

/** A section's promise and the instant it was read. */
const timed = async <T>(read: Promise<T>) => {
  const value = await read
  return {value, readAt: iso(Date.now())}
}

const NO_TEXTS: TextCounts = {queued: 0, sent: 0, kept: 0, failed: 0}
const NO_FORWARDING: ForwardingCounts = {waiting: 0, oldestAt: null}

/** Everything `GET /api/admin/health` answers, read at `now`. */
export async function readHealth(now: number): Promise<Health> {
  const [jobs, texts, textError, forwarding, forwardingError, database, incidents, publishing] =
    await Promise.all([
      jobsHealth(now),
      timed(textCounts(now)),
      lastProviderError(),
      timed(forwardingCounts()),
      lastForwardingError(),
      timed(databaseFigures()),
      openIncidents(),
      publishingHealth(now).catch((error: unknown) => {
        console.error("health: the publishes' state could not be read", error)
        return null
      }),
    ])
  const sites = new Map<string, SiteHealth>()
  const site = (name: string) => {
    const known = sites.get(name)
    if (known) return known
    const fresh: SiteHealth = {site: name, texts: NO_TEXTS, forwarding: NO_FORWARDING, leads: 0}
    sites.set(name, fresh)
    return fresh
  }
  for (const {count, site: name} of database.value.leads) site(name).leads = count
  for (const {site: name, ...counts} of texts.value) site(name).texts = counts
  for (const row of forwarding.value)
    site(row.site).forwarding = {waiting: row.waiting, oldestAt: row.oldest?.toISOString() ?? null}
  const sum = (pick: (row: SiteHealth) => number) =>
    [...sites.values()].reduce((total, row) => total + pick(row), 0)
  const oldest = forwarding.value
    .map((row) => row.oldest?.getTime())
    .filter((at): at is number => at !== undefined)
  const databaseHealth: DatabaseHealth = {
    sizeBytes: database.value.sizeBytes,
    accessRecords: database.value.accessRecords,
    leads: sum((row) => row.leads),
    readAt: database.readAt,
  }
  return {
    ok: true,
    readAt: iso(now),
    jobs,
    texts: {
      queued: sum((row) => row.texts.queued),
      sent: sum((row) => row.texts.sent),
      kept: sum((row) => row.texts.kept),
      failed: sum((row) => row.texts.failed),
      lastError: textError,
      readAt: texts.readAt,
    },
    forwarding: {
      waiting: sum((row) => row.forwarding.waiting),
      oldestAt: oldest.length > 0 ? iso(Math.min(...oldest)) : null,
      configured: leadSettings().forwarding === 'forward',
      failing: forwarding.value.reduce((total, row) => total + row.failing, 0),
      lastError: forwardingError,
      readAt: forwarding.readAt,
    },
    sites: [...sites.values()].sort((a, b) => a.site.localeCompare(b.site)),
    database: databaseHealth,
    incidents,
    publishing,
  }
}

import {setting} from '#config/settings.ts'
import pg from 'pg'
import {kstMonth, previousMonth} from '#shared/access/access-record.ts'
import {kstDate} from '#shared/korea-time.ts'
import {accessLogHandler} from '#netlify/functions/_shared/access/log.ts'
import {writeAccess} from '#netlify/functions/_shared/access-record.ts'
import {recordsAccess} from '#netlify/functions/_shared/access/recorded.ts'
import {accessReviewHandler} from '#netlify/functions/_shared/access/review-handlers.ts'
import {monthRange} from '#netlify/functions/_shared/access/review.ts'
import {signAccessToken} from '#netlify/functions/_shared/auth/access-token.ts'
import {startSession} from '#netlify/functions/_shared/auth/refresh-sessions.ts'
import {closeDatabase} from '#netlify/functions/_shared/database.ts'
import {listLeadsHandler} from '#netlify/functions/_shared/leads/admin-handlers.ts'
import type {BudgetCheck} from './bench-budgets.ts'
import {openDatabase} from './local-database.ts'
import {seedLeads} from './seed-leads.ts'

/*
 * `npm run bench -- access` (and the end of a whole `npm run bench`): the access record's
 * two targets, with the handlers in this process over the local database and no stack.
 * 20,000 leads and a month of 200,000 access rows are seeded in bulk; then the leads list
 * is timed without and with its row of the access record (interleaved, so that both meet
 * the same load), and the 접속기록 점검 view's two reads over that month.
 */

export const ACCESS_LEADS = 20_000
export const ACCESS_ROWS = 200_000
const LIST_RUNS = 41
const REVIEW_RUNS = 7
export const ACCESS_TARGETS = {
  /** What recording adds to a lead list request (median). */
  recordingMs: 5,
  /** The review's reads of a month of ACCESS_ROWS rows (median). */
  reviewMs: 500,
} as const

export interface AccessBenchResult {
  seedMs: number
  month: string
  /** GET /api/admin/leads?limit=50 at ACCESS_LEADS leads: medians without and with the record. */
  listMs: number
  listRecordedMs: number
  /**
   * From the list's handler answering to the recorded request answering (the row written),
   * median: what recording adds to each request, apart from the list's own spread.
   */
  recordingAddsMs: number
  /** The row's statement alone (the wrapper's write), median. */
  writeMs: number
  reviews: Array<{what: string; p50Ms: number; maxMs: number; size: string}>
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ??
  Number.NaN
const round1 = (value: number) => Math.round(value * 10) / 10

/**
 * A month of requests by 25 staff as the wrapper writes them: over the month's days, mostly
 * from 09:00 to 19:00 and one in twenty at night, each person from their office or phone
 * (and now and then elsewhere); mostly leads opened and lists read, then changes, inputs,
 * erasures, a few downloads with their reason and refusals; and one person who opened 300
 * leads in 40 minutes. Whether an address is new, and how many leads the hour had, are
 * decided over the whole set as the writes would have decided them one by one, and so are
 * the day counts.
 */
async function seedMonth(client: pg.Client, month: string): Promise<void> {
  const {from, to} = monthRange(month)
  await client.query('SELECT setseed(0.42)')
  await client.query(
    `INSERT INTO access_log (at, actor, address, task, method, path, status, lead_ids, subject,
       reason, refused, new_address, opened_in_hour)
     SELECT at, actor, address, task, method, path, status, lead_ids, subject, reason, refused,
       coalesce(at - lag(at) OVER (PARTITION BY actor, address ORDER BY at)
         > interval '30 days', true),
       CASE WHEN opening THEN count(*) FILTER (WHERE opening) OVER (PARTITION BY actor
         ORDER BY at RANGE BETWEEN interval '1 hour' PRECEDING AND CURRENT ROW) END
     FROM (
       SELECT *, task = '조회' AND cardinality(lead_ids) > 0 AND status < 400 AS opening
       FROM (
         SELECT at, actor, address, k.task, k.method,
           CASE WHEN k.one THEN '/api/admin/leads/' || lead ELSE k.path END AS path,
           k.status, CASE WHEN k.one THEN ARRAY[lead] ELSE '{}'::uuid[] END AS lead_ids,
           k.subject, k.reason, k.refused
         FROM (
           SELECT 'staff' || lpad(person::text, 2, '0') || '@example.com' AS actor,
             CASE WHEN a < 0.01 THEN '203.0.113.' || (i % 200)
               WHEN a < 0.3 THEN '10.1.' || person || '.2' ELSE '10.1.' || person || '.1' END
               AS address,
             md5('lead' || (i * 7919 % ${ACCESS_LEADS}))::uuid AS lead,
             $1::timestamptz + (i % days) * interval '1 day'
               + CASE WHEN night < 0.05 THEN interval '22 hours' + night * interval '160 hours'
                 ELSE interval '9 hours' + random() * interval '10 hours' END AS at,
             draw
           FROM (
             SELECT i, random() AS draw, random() AS a, random() AS night, 1 + i % 25 AS person,
               (extract(epoch FROM $2::timestamptz - $1::timestamptz) / 86400)::int AS days
             FROM generate_series(1, $3::int) AS i
           ) draws
         ) drawn
         JOIN (VALUES
           (0.00, 0.55, '조회', 'GET', true, '', 200, '{}'::jsonb, NULL, NULL),
           (0.55, 0.80, '조회', 'GET', false, '/api/admin/leads', 200,
             '{"filter": {"stage": "new"}, "count": 50}', NULL, NULL),
           (0.80, 0.92, '변경', 'PATCH', true, '', 200, '{}', NULL, NULL),
           (0.92, 0.96, '입력', 'POST', false, '/api/admin/visits/walk-in', 201, '{}', NULL,
             NULL),
           (0.96, 0.974, '삭제', 'DELETE', true, '', 200, '{}', NULL, NULL),
           (0.974, 0.975, '다운로드', 'GET', false, '/api/admin/leads.csv', 200,
             '{"filter": {}, "count": 20000}', '방문 예약자 안내', NULL),
           (0.975, 0.98, '출력', 'POST', true, '', 200, '{}', NULL, NULL),
           (0.98, 1.00, '조회', 'GET', true, '', 403, '{}', NULL, 'site')
         ) AS k(low, high, task, method, one, path, status, subject, reason, refused)
           ON draw >= k.low AND draw < k.high
         UNION ALL
         SELECT $1::timestamptz + interval '11 days 14 hours' + i * interval '8 seconds',
           'staff07@example.com', '10.1.7.1', '조회', 'GET', '/api/admin/leads/x', 200,
           ARRAY[md5('burst' || i)::uuid], '{}'::jsonb, NULL, NULL
         FROM generate_series(1, 300) AS i
       ) requests
     ) marked`,
    [from, to, ACCESS_ROWS - 300],
  )
  await client.query(`INSERT INTO access_counts (day, actor, task, requests)
    SELECT (at AT TIME ZONE 'Asia/Seoul')::date, actor, task, count(*) FROM access_log
    GROUP BY 1, 2, 3`)
  await client.query('ANALYZE access_log')
}

async function timed(runs: number, request: () => Promise<string>) {
  await request()
  const times: number[] = []
  let size = ''
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    size = await request()
    times.push(performance.now() - started)
  }
  return {
    p50Ms: Math.round(percentile(times, 50)),
    maxMs: Math.round(Math.max(...times)),
    size,
  }
}

export async function benchAccess(log: (line: string) => void): Promise<AccessBenchResult> {
  const database = await openDatabase()
  Object.assign(process.env, {
    NETLIFY_DB_URL: database.url,
    NETLIFY_DB_DRIVER: 'server',
    AUTH_SECRET: setting('AUTH_SECRET') ?? 'access-bench-secret-of-at-least-32-characters',
  })
  const client = new pg.Client({connectionString: database.url})
  await client.connect()
  try {
    const now = Date.now()
    const month = previousMonth(kstMonth(now))
    log(
      `접속기록: 문의 ${ACCESS_LEADS.toLocaleString('ko-KR')}건과 ${month}의 접속기록 ` +
        `${ACCESS_ROWS.toLocaleString('ko-KR')}건을 한꺼번에 넣습니다…`,
    )
    const started = performance.now()
    await seedLeads(database.url, {count: ACCESS_LEADS, now, sites: ['daegu', 'busan', 'ulsan']})
    await seedMonth(client, month)
    const seedMs = Math.round(performance.now() - started)

    // An administrator's sign-in that passed its second factor, as the workspace makes one.
    const email = 'bench-admin@example.com'
    await client.query(
      `INSERT INTO staff_accounts (email, role, sites, password_hash, created_at, updated_at)
       VALUES ($1, 'administrator', '{}', NULL, now(), now())`,
      [email],
    )
    const issued = await startSession(email, Date.now(), 'totp')
    if (!issued) throw new Error(`${email} cannot sign in`)
    const {accessToken} = await signAccessToken(email, issued.session)
    const request = (path: string) =>
      new Request(`http://localhost${path}`, {headers: {authorization: `Bearer ${accessToken}`}})
    const context = {ip: '192.0.2.44'}

    log('문의 목록(50건)을 접속기록 없이, 그리고 남기며 번갈아 잽니다…')
    // When the list's own handler answered: what follows, until the wrapper answers, is what
    // recording adds to the request.
    let handled = 0
    const recorded = recordsAccess({GET: '조회'}, async (req: Request, context: {ip: string}) => {
      const answer = await listLeadsHandler(req, context)
      handled = performance.now()
      return answer
    })
    const list = async (handler: typeof listLeadsHandler) => {
      const begun = performance.now()
      const answer = await handler(request('/api/admin/leads?limit=50'), context)
      const answered = performance.now()
      if (answer.status !== 200) throw new Error(`GET /api/admin/leads: HTTP ${answer.status}`)
      await answer.json()
      return {ms: answered - begun, answered}
    }
    const bare: number[] = []
    const withRecord: number[] = []
    const added: number[] = []
    for (let run = -2; run < LIST_RUNS; run++) {
      // Each goes first in every other run: neither always meets a warmer cache.
      const plain = run % 2 ? null : await list(listLeadsHandler)
      const withRow = await list(recorded)
      const without = plain ?? (await list(listLeadsHandler))
      if (run >= 0) {
        bare.push(without.ms)
        withRecord.push(withRow.ms)
        added.push(withRow.answered - handled)
      }
    }
    const writes: number[] = []
    for (let run = 0; run < LIST_RUNS; run++) {
      const begun = performance.now()
      await writeAccess({
        at: Date.now(),
        actor: email,
        address: context.ip,
        task: '조회',
        method: 'GET',
        path: '/api/admin/leads',
        status: 200,
        leads: [],
        subject: {filter: {stage: 'new'}, count: 50},
        reason: null,
        refused: null,
      })
      writes.push(performance.now() - begun)
    }

    log(`접속기록 점검: ${month} 한 달(${ACCESS_ROWS.toLocaleString('ko-KR')}건)을 잽니다…`)
    const {from, to} = monthRange(month)
    const period = `from=${kstDate(from.getTime())}&to=${kstDate(to.getTime() - 1)}`
    const review = (query: string) => async () => {
      const answer = await accessReviewHandler(
        request(`/api/admin/access-review?${query}`),
        context,
      )
      const body = (await answer.json()) as {
        people: unknown[]
        flags: Record<string, unknown[]>
      }
      if (answer.status !== 200) throw new Error(`access review: HTTP ${answer.status}`)
      return `${body.people.length} people, ${Object.values(body.flags).flat().length} flags`
    }
    const page = (query: string) => async () => {
      const answer = await accessLogHandler(request(`/api/admin/access-log?${query}`), context)
      const body = (await answer.json()) as {items: unknown[]}
      if (answer.status !== 200) throw new Error(`access log: HTTP ${answer.status}`)
      return `${body.items.length} rows`
    }
    const reviews: AccessBenchResult['reviews'] = []
    for (const [what, read] of [
      ['review of the month: people and flags', review(`month=${month}`)],
      ['review of the month: one person', review(`month=${month}&actor=staff07@example.com`)],
      ['access log: first 100 of the month', page(period)],
      ['access log: one person, first 100', page(`${period}&actor=staff07@example.com`)],
      ['access log: downloads, first 100', page(`${period}&task=다운로드`)],
    ] as const) {
      const timing = {what, ...(await timed(REVIEW_RUNS, read))}
      log(`  ${what}: median ${timing.p50Ms} ms, max ${timing.maxMs} ms (${timing.size})`)
      reviews.push(timing)
    }
    return {
      seedMs,
      month,
      listMs: round1(percentile(bare, 50)),
      listRecordedMs: round1(percentile(withRecord, 50)),
      recordingAddsMs: round1(
        percentile(
          withRecord.map((ms, run) => ms - bare[run]!),
          50,
        ),
      ),
      writeMs: round1(percentile(writes, 50)),
      reviews,
    }
  } finally {
    await client.end()
    await closeDatabase()
    await database.stop()
  }
}

/** The access record's targets against what was measured. */
export const accessChecks = (result: AccessBenchResult): BudgetCheck[] => [
  {
    check: `recording access on a lead list at ${ACCESS_LEADS.toLocaleString('en')} leads: median added (ms)`,
    value: result.recordingAddsMs,
    target: `≤ ${ACCESS_TARGETS.recordingMs}`,
    met: result.recordingAddsMs <= ACCESS_TARGETS.recordingMs,
  },
  ...result.reviews.map(({what, p50Ms}) => ({
    check: `${what} (${ACCESS_ROWS.toLocaleString('en')} rows): median (ms)`,
    value: p50Ms,
    target: `< ${ACCESS_TARGETS.reviewMs}`,
    met: p50Ms < ACCESS_TARGETS.reviewMs,
  })),
]

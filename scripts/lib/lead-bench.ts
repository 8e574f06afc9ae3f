import {randomUUID} from 'node:crypto'
import pg from 'pg'
import {closeDatabase} from '#netlify/functions/_shared/database.ts'
import {leadHandler} from '#netlify/functions/_shared/leads/admin-handlers.ts'
import {leadsCsvHandler} from '#netlify/functions/_shared/leads/export-handlers.ts'
import {createRegisterHandler} from '#netlify/functions/_shared/registration/register-handler.ts'
import {runDeliveryJob} from '#netlify/functions/_shared/leads/retry.ts'
import {statsHandler} from '#netlify/functions/_shared/leads/stats.ts'
import {addDays, kstDate} from '#shared/korea-time.ts'
import type {FakeFormService} from '#tests/helpers/fake-form-service.ts'
import {ALL_COLUMNS} from '#netlify/functions/_shared/leads/csv.ts'
import {TARGETS, type EndpointTiming, type RegistrationOutcome} from './bench-budgets.ts'
import {SEED_CAMPAIGNS, SEED_DAYS, seedLeads} from './seed-leads.ts'
import {nextTotpCode, staffSignIn} from './totp-codes.ts'
import type {Stack} from './stack.ts'
import {benchTexts, type TextBenchRun} from './text-bench.ts'
import {benchOwners, OWNER_REGISTRATIONS, type OwnerBenchRun} from './owner-bench.ts'

/*
 * The leads part of `npm run bench`: the staff endpoints (the list, its filters, the CSV, the
 * dashboard's data and a lead's page) over 20,000 leads of 90 days seeded in bulk,
 * and 1,000 registrations at a concurrency of 50 across an outage of the delivery target,
 * both under netlify-cli and with the handlers in this process; then the visitors' texts
 * of 1,000 more across an outage of the text provider (./text-bench.ts).
 */

export const SEEDED = 20_000
export const REGISTRATIONS = 1000
const CONCURRENCY = 50
const RUNS = 7
/**
 * The owners' site: one of the seed's, since a registration names a site the lake knows, and
 * not the one the other registrations and texts take.
 */
const OWNER_SITE = 'yangsan-riverpark'

/**
 * The delivery job for the handlers in this process. They have no Blobs of the stack's, so
 * the marks that would wake the stack's job stay here: the job runs in this process instead,
 * without marks, going to the database each time.
 */
const inProcessRetry = (stack: Stack) => () =>
  runDeliveryJob({url: stack.env.FORM_FORWARD_URL, deadline: Date.now() + 20_000})
/** The purpose every export of the benchmark states. */
const BENCH_REASON = encodeURIComponent('성능 측정')

export interface Timing extends EndpointTiming {
  maxMs: number
  /** Rows or bytes the answer carried, to see that it did the work. */
  size: string
}

export interface RegistrationRun extends RegistrationOutcome {
  where: 'netlify-cli' | 'in process'
  p50Ms: number
  p99Ms: number
  /** Seconds from the last answer until every lead was delivered. */
  deliveredAfterS: number
}

export interface LeadBenchResult {
  seedMs: number
  endpoints: Timing[]
  /** Growth of this process's live heap while the CSV streamed, for a small and the full export. */
  csvMemory: {rows: number; bytes: number; liveHeapGrowthMb: number | null}[]
  registrations: RegistrationRun[]
  /** The visitors' texts of 1,000 registrations, SOLAPI failing for the first half. */
  texts: TextBenchRun
  /** 1,000 registrations of an hour over 5 counsellors: the owners' turns. */
  owners: OwnerBenchRun
}

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ??
  Number.NaN
const round = (value: number) => Math.round(value)

async function timed(
  runs: number,
  request: () => Promise<string>,
): Promise<{p50Ms: number; maxMs: number; size: string}> {
  await request()
  const times: number[] = []
  let size = ''
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    size = await request()
    times.push(performance.now() - started)
  }
  return {p50Ms: round(percentile(times, 50)), maxMs: round(Math.max(...times)), size}
}

/** Leads of each stage, with their visits, notes and texts, for the lead page's runs. */
async function sampleLeads(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({connectionString: databaseUrl})
  await client.connect()
  try {
    const {rows} = await client.query<{id: string}>(
      `SELECT DISTINCT ON (stage) id FROM leads WHERE spam_reason IS NULL
       ORDER BY stage, created_at`,
    )
    return rows.map((row) => row.id)
  } finally {
    await client.end()
  }
}

type Read = (path: string) => Promise<Record<string, unknown>>

async function answerBody(path: string, response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status} ${body.error ?? ''}`)
  return body
}

/** The dashboard's and a lead's handlers called in this process, as their functions call them. */
function inProcess(token: () => string): Read {
  return async (path) => {
    const request = new Request(`http://localhost${path}`, {
      headers: {authorization: `Bearer ${token()}`},
    })
    const id = /^\/api\/admin\/leads\/([^/?]+)$/.exec(path)?.[1]
    const context = {ip: '127.0.0.1'}
    const response = id
      ? await leadHandler(request, {...context, params: {id}})
      : await statsHandler(request, context)
    return answerBody(path, response)
  }
}

/**
 * A staff token of a new sign-in (password and app code), made afresh for each part: one
 * lasts ten minutes, and on a loaded machine the parts together take longer.
 */
async function freshToken(stack: Stack): Promise<string> {
  return staffSignIn(stack.siteUrl, stack.admin, await nextTotpCode(stack.admin.totpSecret))
}

async function measureEndpoints(
  stack: Stack,
  now: number,
  log: (line: string) => void,
): Promise<Timing[]> {
  let token = await freshToken(stack)
  const headers = () => ({authorization: `Bearer ${token}`})
  const get: Read = async (path) =>
    answerBody(path, await fetch(`${stack.siteUrl}${path}`, {headers: headers()}))
  const page = (query: string) => async () =>
    `${((await get(`/api/admin/leads?${query}`)).leads as unknown[]).length} rows`
  const day = (daysBack: number) => addDays(kstDate(now), -daysBack)
  const pages: Array<[string, string, number]> = [
    ['list, first page', 'limit=50', 300],
    [
      'filter: campaign + date range',
      `limit=50&campaign=${encodeURIComponent(SEED_CAMPAIGNS[2]!)}&from=${day(60)}&to=${day(30)}`,
      500,
    ],
    ['filter: site + source + status', 'limit=50&site=daegu&source=customer&status=failed', 500],
    ['search: name', `limit=50&q=${encodeURIComponent('김민준')}`, 500],
    ['search: phone digits', 'limit=50&q=12345', 500],
    ['list, page 100 (cursor)', '', 500],
  ]
  const timings: Timing[] = []
  // Each figure is printed as it is taken: the whole bench runs for many minutes.
  const record = (timing: Timing) => {
    timings.push(timing)
    log(`  ${timing.what}: median ${timing.p50Ms} ms, max ${timing.maxMs} ms (${timing.size})`)
  }
  for (const [what, query, targetMs] of pages) {
    token = await freshToken(stack)
    const request = what.includes('cursor') ? await deepPage(stack, headers()) : page(query)
    record({what, ...(await timed(RUNS, request)), targetMs})
  }
  // The dashboard's data and a lead's page, through netlify-cli and with the handlers in this
  // process: netlify-cli loads each call's function afresh, a cost a warm instance does not pay.
  const range = `from=${day(SEED_DAYS - 1)}&to=${day(0)}`
  const ids = await sampleLeads(stack.databaseUrl)
  for (const [where, read] of [
    ['netlify-cli', get],
    ['in process', inProcess(() => token)],
  ] as const) {
    token = await freshToken(stack)
    for (const [what, query] of [
      ['dashboard: 90 days, all sites', range],
      ['dashboard: 90 days, one site', `${range}&site=daegu`],
    ]) {
      const stats = async () => {
        const body = (await read(`/api/admin/stats?${query}`)) as {
          totals: {leads: number}
          perDay: unknown[]
        }
        return `${body.totals.leads} leads, ${body.perDay.length} days`
      }
      record({
        what: `${what} (${where})`,
        ...(await timed(RUNS, stats)),
        targetMs: TARGETS.dashboardMs,
      })
    }
    // A lead of another stage each run.
    let next = 0
    const lead = async () => {
      const body = (await read(`/api/admin/leads/${ids[next++ % ids.length]}`)) as {
        notes: unknown[]
        texts: unknown[]
        related: unknown[]
      }
      return `${body.notes.length} notes, ${body.texts.length} texts, ${body.related.length} related`
    }
    record({
      what: `a lead's page (${where})`,
      ...(await timed(RUNS, lead)),
      targetMs: TARGETS.leadPageMs,
    })
  }
  token = await freshToken(stack)
  const csv = async () => {
    const response = await fetch(`${stack.siteUrl}/api/admin/leads.csv?reason=${BENCH_REASON}`, {
      headers: headers(),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`GET /api/admin/leads.csv: HTTP ${response.status}`)
    return (
      `${text.trim().split('\r\n').length - 1} rows, ` +
      `${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB`
    )
  }
  record({what: 'CSV of every lead', ...(await timed(3, csv)), targetMs: TARGETS.exportMs})
  token = await freshToken(stack)
  // The same leads and columns, compressed and encrypted as a counsellor's file is.
  const zip = async () => {
    const response = await fetch(`${stack.siteUrl}/api/admin/leads.zip`, {
      method: 'POST',
      headers: {...headers(), 'content-type': 'application/json'},
      body: JSON.stringify({
        reason: BENCH_REASON,
        columns: ALL_COLUMNS,
        password: 'bench-zip-2026',
        passwordConfirm: 'bench-zip-2026',
      }),
    })
    const bytes = (await response.arrayBuffer()).byteLength
    if (!response.ok) throw new Error(`POST /api/admin/leads.zip: HTTP ${response.status}`)
    return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  }
  record({
    what: 'encrypted ZIP of every lead',
    ...(await timed(3, zip)),
    targetMs: TARGETS.exportMs,
  })
  return timings
}

/** A request for the 100th page of 50, its cursor found by walking there once. */
async function deepPage(
  stack: Stack,
  headers: Record<string, string>,
): Promise<() => Promise<string>> {
  let cursor = ''
  for (let page = 1; page < 100; page++) {
    const response = await fetch(
      `${stack.siteUrl}/api/admin/leads?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      {headers},
    )
    cursor = ((await response.json()) as {nextCursor: string}).nextCursor
  }
  return async () => {
    const response = await fetch(`${stack.siteUrl}/api/admin/leads?limit=50&cursor=${cursor}`, {
      headers,
    })
    return `${((await response.json()) as {leads: unknown[]}).leads.length} rows`
  }
}

/**
 * The CSV handler in this process: how far its live heap (measured after a collection,
 * every few parts; `npm run bench` runs with --expose-gc) grows while the download streams.
 */
async function csvMemory(
  stack: Stack,
  query: string,
): Promise<{rows: number; bytes: number; liveHeapGrowthMb: number | null}> {
  const accessToken = await freshToken(stack)
  const gc = (globalThis as {gc?: () => void}).gc
  gc?.()
  const baseline = process.memoryUsage().heapUsed
  let peak = baseline
  const response = await leadsCsvHandler(
    new Request(`http://localhost/api/admin/leads.csv?reason=${BENCH_REASON}&${query}`, {
      headers: {authorization: `Bearer ${accessToken}`},
    }),
    {ip: '127.0.0.1'},
  )
  let bytes = 0
  let rows = -1
  let parts = 0
  const reader = response.body!.getReader()
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    bytes += part.value.byteLength
    for (const byte of part.value) if (byte === 0x0a) rows++
    if (gc && ++parts % 4 === 0) {
      gc()
      peak = Math.max(peak, process.memoryUsage().heapUsed)
    }
  }
  return {
    rows,
    bytes,
    liveHeapGrowthMb: gc ? Number(((peak - baseline) / 1024 / 1024).toFixed(1)) : null,
  }
}

/** The leads stored with `marker`, and how many of them are recorded as delivered. */
export async function storedWith(
  databaseUrl: string,
  marker: string,
): Promise<{rows: number; deliveredRows: number}> {
  const client = new pg.Client({connectionString: databaseUrl})
  await client.connect()
  try {
    return (
      await client.query<{rows: number; deliveredRows: number}>(
        `SELECT count(*)::int AS "rows",
                count(*) FILTER (WHERE d.status = 'delivered')::int AS "deliveredRows"
           FROM leads l LEFT JOIN lead_deliveries d ON d.lead_id = l.id
          WHERE l.message = $1`,
        [marker],
      )
    ).rows[0]!
  } finally {
    await client.end()
  }
}

/**
 * 1,000 registrations, 50 at a time, the delivery target down for the first half; then
 * waits for the retry job to deliver the failed half: the stack's, or `retry` run every
 * second as the schedule would.
 */
async function registrationRun(
  where: RegistrationRun['where'],
  stack: Stack,
  formService: FakeFormService,
  send: (body: string, key: string) => Promise<number>,
  retry?: () => Promise<unknown>,
): Promise<RegistrationRun> {
  const marker = `bench-${where}-${randomUUID()}`
  const latencies: number[] = []
  let answered201 = 0
  let failed = 0
  const burst = async (count: number, offset: number) => {
    let next = 0
    await Promise.all(
      Array.from({length: CONCURRENCY}, async () => {
        for (let index = next++; index < count; index = next++) {
          const body = JSON.stringify({
            name: `부하${offset + index}`,
            phone: '010-1234-5678',
            message: marker,
            consent: true,
            source: 'popup',
            fillMs: 10_000,
          })
          const started = performance.now()
          const status = await send(body, randomUUID()).catch(() => 0)
          if (status === 201) answered201++
          else failed++
          latencies.push(performance.now() - started)
        }
      }),
    )
  }
  formService.setMode('down')
  await burst(REGISTRATIONS / 2, 0)
  formService.setMode('ok')
  await burst(REGISTRATIONS / 2, REGISTRATIONS / 2)
  const answeredAt = performance.now()
  const delivered = () => formService.received.filter((lead) => lead.message === marker)
  const deadline = Date.now() + 5 * 60_000
  // Done when the target has every lead and the outbox has recorded each delivery.
  let stored = await storedWith(stack.databaseUrl, marker)
  while (
    (delivered().length < REGISTRATIONS || stored.deliveredRows < REGISTRATIONS) &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await retry?.()
    stored = await storedWith(stack.databaseUrl, marker)
  }
  const keys = delivered().map((lead) => lead.idempotencyKey)
  return {
    where,
    answered201,
    failed,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    ...stored,
    deliveries: new Set(keys).size,
    deliveredTwice: keys.length - new Set(keys).size,
    deliveredAfterS: Number(((performance.now() - answeredAt) / 1000).toFixed(1)),
  }
}

export async function benchLeads(
  stack: Stack,
  formService: FakeFormService,
  log: (line: string) => void,
): Promise<LeadBenchResult> {
  // This process's handlers use the stack's database and secrets, as the functions do.
  Object.assign(process.env, {
    NETLIFY_DB_URL: stack.databaseUrl,
    NETLIFY_DB_DRIVER: 'server',
    AUTH_SECRET: stack.env.AUTH_SECRET,
    ADMIN_USERS: stack.env.ADMIN_USERS,
    SANITY_API_HOST: stack.lakeUrl,
  })
  log(`문의 ${SEEDED.toLocaleString('ko-KR')}건(${SEED_DAYS}일)을 한꺼번에 넣습니다…`)
  const now = Date.now()
  const seedMs = await seedLeads(stack.databaseUrl, {
    count: SEEDED,
    now: now - 60_000,
    sites: ['daegu', 'busan', 'ulsan-lakepark'],
  })
  log('직원 화면의 조회, 대시보드, 문의 상세와 CSV를 잽니다…')
  const endpoints = await measureEndpoints(stack, now, log)
  const csv = [
    await csvMemory(stack, `from=${addDays(kstDate(now), -14)}`),
    await csvMemory(stack, ''),
  ]

  log(`등록 ${REGISTRATIONS}건을 동시에 ${CONCURRENCY}건씩 보냅니다 (netlify-cli)…`)
  const cli = await registrationRun('netlify-cli', stack, formService, async (body, key) => {
    const response = await fetch(`${stack.siteUrl}/api/register`, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'idempotency-key': key},
      body,
    })
    await response.body?.cancel()
    return response.status
  })
  log(`등록 ${REGISTRATIONS}건을 동시에 ${CONCURRENCY}건씩 보냅니다 (이 프로세스의 함수)…`)
  const register = createRegisterHandler({
    env: {...process.env, FORM_FORWARD_URL: stack.env.FORM_FORWARD_URL, REGISTER_RATE_LIMIT: '0'},
  })
  const inProcess = await registrationRun(
    'in process',
    stack,
    formService,
    async (body, key) => {
      const response = await register(
        new Request('http://localhost/api/register', {
          method: 'POST',
          headers: {'content-type': 'application/json', 'idempotency-key': key},
          body,
        }),
        {ip: '127.0.0.1'},
      )
      await response.body?.cancel()
      return response.status
    },
    inProcessRetry(stack),
  )
  log(`한 시간치 등록 ${OWNER_REGISTRATIONS}건을 상담 직원 5명에게 차례로 배정합니다…`)
  const owners = await benchOwners(stack.databaseUrl, OWNER_SITE)
  const texts = await benchTexts(log, stack.env.SANITY_WRITE_TOKEN)
  await closeDatabase()
  return {
    seedMs: round(seedMs),
    endpoints,
    csvMemory: csv,
    registrations: [cli, inProcess],
    texts,
    owners,
  }
}

import {setting} from '#config/settings.ts'
import {randomUUID} from 'node:crypto'
import pg from 'pg'
import {hashPassword} from '#netlify/functions/_shared/auth/password.ts'
import {createRegisterHandler} from '#netlify/functions/_shared/registration/register-handler.ts'
import type {BudgetCheck} from './bench-budgets.ts'

/*
 * Owners in `npm run bench -- leads`: 1,000 registrations of one hour (the handler's clock
 * runs through the hour, 50 requests at a time) over 5 counsellors of one site, with the
 * handler in this process over the stack's database: each counsellor takes 200 ± 1.
 */

export const OWNER_REGISTRATIONS = 1000
const COUNSELLORS = 5
const CONCURRENCY = 50
const HOUR_MS = 60 * 60_000

export interface OwnerBenchRun {
  registrations: number
  answered201: number
  /** Leads per counsellor, fewest first. */
  fewest: number
  most: number
  perCounsellor: string
  p50Ms: number
  p99Ms: number
  elapsedS: number
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? NaN

export async function benchOwners(databaseUrl: string, site: string): Promise<OwnerBenchRun> {
  const hash = await hashPassword(randomUUID(), {N: 1024, r: 8, p: 1})
  const counsellors = Array.from(
    {length: COUNSELLORS},
    (_, i) => `bench-owner-${i + 1}@example.com`,
  )
  const marker = `owners-${randomUUID()}`
  const start = Date.now()
  let sent = 0
  const register = createRegisterHandler({
    // The hour's registrations arrive evenly through it.
    clock: () => start + Math.floor((sent * HOUR_MS) / OWNER_REGISTRATIONS),
    env: {
      ...process.env,
      ADMIN_USERS: [
        setting('ADMIN_USERS'),
        ...counsellors.map((email) => `${email}:${hash}:${site}`),
      ]
        .filter(Boolean)
        .join(','),
      REGISTER_RATE_LIMIT: '0',
    },
  })
  const latencies: number[] = []
  let answered201 = 0
  let next = 0
  const began = performance.now()
  await Promise.all(
    Array.from({length: CONCURRENCY}, async () => {
      for (let index = next++; index < OWNER_REGISTRATIONS; index = next++) {
        sent++
        const began = performance.now()
        const response = await register(
          new Request('http://localhost/api/register', {
            method: 'POST',
            headers: {'content-type': 'application/json'},
            body: JSON.stringify({
              name: `담당${index}`,
              phone: `010-7${String(Math.floor(index / 10_000)).padStart(3, '0')}-${String(index % 10_000).padStart(4, '0')}`,
              site,
              message: marker,
              consent: true,
              source: 'popup',
              fillMs: 10_000,
            }),
          }),
          {ip: '127.0.0.1'},
        )
        await response.body?.cancel()
        if (response.status === 201) answered201++
        latencies.push(performance.now() - began)
      }
    }),
  )
  const elapsedS = Number(((performance.now() - began) / 1000).toFixed(1))
  const client = new pg.Client({connectionString: databaseUrl})
  await client.connect()
  let counts: number[]
  try {
    const rows = await client.query<{owner: string; leads: number}>(
      `SELECT owner, count(*)::int AS leads FROM leads WHERE message = $1 GROUP BY owner`,
      [marker],
    )
    const by = new Map(rows.rows.map((row) => [row.owner, row.leads]))
    counts = counsellors.map((email) => by.get(email) ?? 0)
  } finally {
    await client.end()
  }
  return {
    registrations: OWNER_REGISTRATIONS,
    answered201,
    fewest: Math.min(...counts),
    most: Math.max(...counts),
    perCounsellor: counts.join(' / '),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    elapsedS,
  }
}

/** Each of the 5 counsellors took 200 ± 1 of the 1,000, and every registration was stored. */
export const ownerChecks = (run: OwnerBenchRun): BudgetCheck[] => {
  const fair = OWNER_REGISTRATIONS / COUNSELLORS
  return [
    {
      check: 'owners: registrations answered 201',
      value: run.answered201,
      target: `= ${OWNER_REGISTRATIONS}`,
      met: run.answered201 === OWNER_REGISTRATIONS,
    },
    {
      check: 'owners: fewest leads of a counsellor',
      value: run.fewest,
      target: `≥ ${fair - 1}`,
      met: run.fewest >= fair - 1,
    },
    {
      check: 'owners: most leads of a counsellor',
      value: run.most,
      target: `≤ ${fair + 1}`,
      met: run.most <= fair + 1,
    },
  ]
}

import {sql} from '#netlify/functions/_shared/database.ts'
import {createRegisterHandler} from '#netlify/functions/_shared/registration/register-handler.ts'
import {SiteDirectory} from '#netlify/functions/_shared/leads/sites.ts'
import {localProvider} from '#netlify/functions/_shared/texts/provider.ts'
import {createCodeHandler} from '#netlify/functions/_shared/visitor-data/handlers.ts'
import {ModelHouses} from '#netlify/functions/_shared/model-houses.ts'
import {onEachDatabase, type BenchDatabase} from './bench-databases.ts'

/*
 * `npm run bench -- codes`: the privacy page's code form against a flood, in this process,
 * on the local database and on a real PostgreSQL server (when installed). 1,000 requests for
 * one registered number within one minute (their clocks 60 ms apart, across the turn of an
 * hour), 50 at a time from 100 addresses. The target: at most 5 texts to the phone, every
 * request answered 202 or 429, none 5xx.
 */

const SITE = 'ulsan-lakepark'
const PHONE = '010-7000-4343'
export const CODE_REQUESTS = 1000
const AT_ONCE = 50
export const MAX_CODE_TEXTS = 5

export interface CodeBenchResult {
  database: BenchDatabase
  requests: number
  accepted: number
  refused: number
  failed: number
  texts: number
  /** The whole flood, wall time. */
  floodMs: number
  p95Ms: number
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: {'Content-Type': 'application/json'},
  body: JSON.stringify(body),
})

async function flood(database: CodeBenchResult['database']): Promise<CodeBenchResult> {
  const start = Date.parse('2026-11-26T10:59:30+09:00')
  const houses = new ModelHouses()
  const register = createRegisterHandler({
    clock: () => start - 60_000,
    houses,
    sites: new SiteDirectory(),
    env: {...process.env, REGISTER_RATE_LIMIT: '0'},
    texts: {provider: localProvider},
  })
  await register(
    new Request(
      'http://localhost/api/register',
      json({
        name: '코드벤치',
        phone: PHONE,
        consent: true,
        source: 'home',
        site: SITE,
        fillMs: 8000,
      }),
    ),
    {ip: '198.51.100.2'},
  )
  const durations: number[] = []
  const statuses: number[] = []
  const started = performance.now()
  for (let first = 0; first < CODE_REQUESTS; first += AT_ONCE) {
    const batch = Array.from({length: Math.min(AT_ONCE, CODE_REQUESTS - first)}, async (_, j) => {
      const i = first + j
      const handler = createCodeHandler({
        clock: () => start + i * 60,
        houses,
        texts: {provider: localProvider},
      })
      const sent = performance.now()
      const answer = await handler(
        new Request('http://localhost/api/visitor/code', json({site: SITE, phone: PHONE})),
        {ip: `203.0.113.${1 + (i % 100)}`},
      )
      durations.push(performance.now() - sent)
      statuses.push(answer.status)
    })
    await Promise.all(batch)
  }
  const floodMs = Math.round(performance.now() - started)
  const [texts] = await sql()<{n: number}>`SELECT count(*)::int AS n FROM text_messages
    WHERE recipient = ${PHONE} AND kind = 'verification'`
  durations.sort((a, b) => a - b)
  return {
    database,
    requests: CODE_REQUESTS,
    accepted: statuses.filter((status) => status === 202).length,
    refused: statuses.filter((status) => status === 429).length,
    failed: statuses.filter((status) => status !== 202 && status !== 429).length,
    texts: texts?.n ?? 0,
    floodMs,
    p95Ms: Math.round(durations[Math.floor(durations.length * 0.95)] ?? 0),
  }
}

/** The flood on each database this machine has, with the seed in a lake. */
export const benchCodes = (log: (line: string) => void): Promise<CodeBenchResult[]> =>
  onEachDatabase('codes', log, flood)

/** Whether a run met the target: at most 5 texts, every request answered 202 or 429. */
export const codesMet = (run: CodeBenchResult): boolean =>
  run.texts <= MAX_CODE_TEXTS && run.failed === 0 && run.accepted + run.refused === run.requests

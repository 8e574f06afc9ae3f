import {setting} from '#config/settings.ts'
import {fileURLToPath} from 'node:url'
import {startTestLake, TEST_PROJECT_ID, TEST_TOKEN} from '#lake/test-lake.ts'
import {closeDatabase} from '#netlify/functions/_shared/database.ts'
import {createRegisterHandler} from '#netlify/functions/_shared/registration/register-handler.ts'
import {SiteDirectory} from '#netlify/functions/_shared/leads/sites.ts'
import {createSlotsHandler} from '#netlify/functions/_shared/visits/handlers.ts'
import {ModelHouses} from '#netlify/functions/_shared/model-houses.ts'
import {openDatabase} from './local-database.ts'

/*
 * `npm run bench -- visits`: the slots endpoint and booking, with the handlers in this
 * process over the local database and a lake holding the seed (no site build, no
 * netlify-cli). The target: GET /api/visits/slots for 14 days, p50 under 100 ms.
 */

const SITE = 'ulsan-lakepark'
const SLOT_RUNS = 200
const BOOKINGS = 150
const RACE = 50

export interface VisitBenchResult {
  /** The first request of a fresh function instance: the lake read and the query. */
  slotsColdMs: number
  slotsP50Ms: number
  slotsP99Ms: number
  slotsPerAnswer: number
  /** Sequential bookings spread over the slots, before the slot timings. */
  bookingP50Ms: number
  /** RACE bookings of one free slot at once: how many got a seat (its capacity, 4 in the seed). */
  raceBooked: number
  raceCapacity: number
  raceMs: number
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ??
  Number.NaN
const round1 = (value: number) => Math.round(value * 10) / 10

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const result = await work()
  return [performance.now() - started, result]
}

/** The functions of this process read the seed from the lake at `url`, and sign links. */
export function pointAtSeedLake(url: string): void {
  Object.assign(process.env, {
    SANITY_API_HOST: url,
    SANITY_PROJECT_ID: TEST_PROJECT_ID,
    SANITY_DATASET: 'production',
    SANITY_WRITE_TOKEN: TEST_TOKEN,
    AUTH_SECRET: setting('AUTH_SECRET') ?? 'visit-bench-secret-of-at-least-32-characters',
  })
}

export async function benchVisits(log: (line: string) => void): Promise<VisitBenchResult> {
  const database = await openDatabase()
  const lake = await startTestLake({
    contentDir: fileURLToPath(new URL('../../content', import.meta.url)),
  })
  pointAtSeedLake(lake.lake.url)
  Object.assign(process.env, {NETLIFY_DB_URL: database.url, NETLIFY_DB_DRIVER: 'server'})
  try {
    const slotsRequest = () => new Request(`http://localhost/api/visits/slots?site=${SITE}&days=14`)
    const slots = createSlotsHandler()
    const [slotsColdMs, first] = await time(() => slots(slotsRequest()))
    const {slots: grid} = (await first.json()) as {slots: {start: string}[]}
    if (grid.length === 0) throw new Error('the seed has no bookable slots in the next 14 days')
    log(`visits: ${grid.length} slots in 14 days; booking ${BOOKINGS} visits across them…`)

    const register = createRegisterHandler({
      sites: new SiteDirectory(),
      houses: new ModelHouses(),
      // The texts' links are signed with AUTH_SECRET; no registration limit.
      env: {...process.env, REGISTER_RATE_LIMIT: '0'},
    })
    const book = (visitAt: string, i: number) =>
      register(
        new Request('http://localhost/api/register', {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({
            name: '벤치',
            phone: `010-5${String(i)
              .padStart(7, '0')
              .replace(/(\d{3})(\d{4})$/, '$1-$2')}`,
            consent: true,
            source: 'home',
            site: SITE,
            visitAt,
            fillMs: 8000,
          }),
        }),
        {ip: '198.51.100.1'},
      )
    const bookingMs: number[] = []
    for (let i = 0; i < BOOKINGS; i++) {
      const [ms] = await time(() => book(grid[(i * 7) % grid.length]!.start, i))
      bookingMs.push(ms)
    }

    const timings: number[] = []
    let answer: {start: string; remaining: number}[] = []
    for (let i = 0; i < SLOT_RUNS; i++) {
      const [ms, response] = await time(async () => {
        const answer = await slots(slotsRequest())
        return (await answer.json()) as {slots: {start: string; remaining: number}[]}
      })
      timings.push(ms)
      answer = response.slots
    }

    // The last slot with every seat left, filled by RACE bookings at once.
    const seats = Math.max(...answer.map((slot) => slot.remaining))
    const target = answer.findLast((slot) => slot.remaining === seats)!.start
    const [raceMs, answers] = await time(() =>
      Promise.all(Array.from({length: RACE}, (_, i) => book(target, 100_000 + i))),
    )
    const result: VisitBenchResult = {
      slotsColdMs: round1(slotsColdMs),
      slotsP50Ms: round1(percentile(timings, 50)),
      slotsP99Ms: round1(percentile(timings, 99)),
      slotsPerAnswer: answer.length,
      bookingP50Ms: round1(percentile(bookingMs, 50)),
      raceBooked: answers.filter((response) => response.status === 201).length,
      raceCapacity: seats,
      raceMs: Math.round(raceMs),
    }
    return result
  } finally {
    await closeDatabase()
    await lake.stop()
    await database.stop()
  }
}

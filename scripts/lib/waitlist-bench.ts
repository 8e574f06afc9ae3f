import {kstDate, kstDayStart} from '#shared/korea-time.ts'
import {sql} from '#netlify/functions/_shared/database.ts'
import {createRegisterHandler} from '#netlify/functions/_shared/registration/register-handler.ts'
import {SiteDirectory} from '#netlify/functions/_shared/leads/sites.ts'
import {isQuietHour} from '#netlify/functions/_shared/texts/outbox-rules.ts'
import {
  createCancelHandler,
  createSlotsHandler,
} from '#netlify/functions/_shared/visits/handlers.ts'
import {ModelHouses} from '#netlify/functions/_shared/model-houses.ts'
import {visitToken} from '#netlify/functions/_shared/auth/visit-link.ts'
import {passOnOffers} from '#netlify/functions/_shared/visits/waitlist.ts'
import {
  createWaitlistClaimHandler,
  createWaitlistJoinHandler,
} from '#netlify/functions/_shared/registration/waitlist-handlers.ts'
import {onEachDatabase, type BenchDatabase} from './bench-databases.ts'

/*
 * `npm run bench -- visits`, its waiting-list part: on the local database and on a real
 * PostgreSQL server (when installed), a full slot with 5 waiting has 2 seats freed at
 * once (two cancels and two scheduled runs together), then the 5 claim and a 6th visitor
 * books at once. The target: exactly 2 offers and exactly 2 claims, the slot at capacity.
 */

const SITE = 'ulsan-lakepark'
export const WAITING = 5
export const FREED = 2

export interface WaitlistBenchResult {
  database: BenchDatabase
  waiting: number
  freed: number
  offers: number
  claims: number
  /** The slot's seats taken at the end, and its capacity: equal. */
  seats: number
  capacity: number
  /** The frees and the claims, at once each. */
  raceMs: number
}

/** A moment of the day: offers are not made in Seoul's quiet hours. */
function daytime(now: number): number {
  return isQuietHour(now) ? kstDayStart(kstDate(now)) + 10 * 60 * 60_000 : now
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: {'Content-Type': 'application/json'},
  body: JSON.stringify(body),
})

async function race(server: WaitlistBenchResult['database']): Promise<WaitlistBenchResult> {
  const now = daytime(Date.now())
  const clock = () => now
  const houses = new ModelHouses()
  // The texts' links are signed with AUTH_SECRET; no registration limit.
  const env = {...process.env, REGISTER_RATE_LIMIT: '0'}
  const deps = {clock, houses, sites: new SiteDirectory(), env}
  const slots = await createSlotsHandler({clock, houses})(
    new Request(`http://localhost/api/visits/slots?site=${SITE}&days=14`),
  )
  const {slots: grid} = (await slots.json()) as {slots: {start: string; remaining: number}[]}
  const slot = grid.findLast((one) => one.remaining > 0)!
  const person = (i: number) => ({
    name: '대기벤치',
    phone: `010-6${String(i).padStart(3, '0')}-${String(1000 + i)}`,
    consent: true,
    source: 'home',
    site: SITE,
    visitAt: slot.start,
    fillMs: 8000,
  })
  const register = createRegisterHandler(deps)
  const tokens: string[] = []
  for (let i = 0; i < slot.remaining; i++) {
    const answer = await register(new Request('http://localhost/api/register', json(person(i))), {
      ip: '198.51.100.2',
    })
    tokens.push(((await answer.json()) as {manageUrl: string}).manageUrl.split('/').at(-1)!)
  }
  const join = createWaitlistJoinHandler(deps)
  for (let i = 0; i < WAITING; i++)
    await join(new Request('http://localhost/api/visits/waitlist', json(person(100 + i))), {
      ip: '198.51.100.3',
    })

  const started = performance.now()
  const cancel = createCancelHandler({clock, houses})
  await Promise.all([
    ...tokens.slice(0, FREED).map((token) =>
      cancel(new Request(`http://localhost/api/visits/${token}/cancel`, {method: 'POST'}), {
        params: {token},
        ip: '198.51.100.4',
      }),
    ),
    passOnOffers({clock}),
    passOnOffers({clock}),
  ])
  const entries = await sql()<{lead_id: string; status: string}>`
    SELECT lead_id, status FROM waitlist_entries WHERE site = ${SITE}
      AND starts_at = ${new Date(slot.start)}`
  const claim = createWaitlistClaimHandler({clock: () => now + 60_000, houses})
  const answers = await Promise.all([
    ...entries.map((entry) => {
      const token = visitToken(entry.lead_id, process.env, 'owner')
      return claim(
        new Request(`http://localhost/api/visits/waitlist/${token}/claim`, {method: 'POST'}),
        {params: {token}},
      )
    }),
    register(new Request('http://localhost/api/register', json(person(900))), {
      ip: '198.51.100.5',
    }),
  ])
  const raceMs = Math.round(performance.now() - started)
  const [seats] = await sql()<{booked: number; capacity: number}>`
    SELECT booked, capacity FROM visit_slots WHERE site = ${SITE}
      AND starts_at = ${new Date(slot.start)}`
  return {
    database: server,
    waiting: entries.length,
    freed: FREED,
    offers: entries.filter((entry) => entry.status === 'offered').length,
    claims: answers.slice(0, -1).filter((answer) => answer.status === 200).length,
    seats: seats?.booked ?? 0,
    capacity: seats?.capacity ?? 0,
    raceMs,
  }
}

/** The race on each database this machine has, with the seed in a lake. */
export const benchWaitlist = (log: (line: string) => void): Promise<WaitlistBenchResult[]> =>
  onEachDatabase('waitlist', log, race)

/** Whether a run met the target: exactly the freed seats offered and claimed, none over. */
export const waitlistMet = (run: WaitlistBenchResult): boolean =>
  run.offers === run.freed && run.claims === run.freed && run.seats === run.capacity

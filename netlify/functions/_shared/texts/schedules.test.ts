import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import type * as databaseModule from '../database.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, testSites, validBody} from '../leads/testing.ts'
import {RUN_BUDGET_MS, runDeadline} from '../run-deadline.ts'
import type {TextProvider} from './provider.ts'
import {localProvider} from './provider.ts'
import {runTextsJob} from '../operations/texts-job.ts'
import {seedTextContent} from './testing.ts'

/** Every use of the database helper: a statement cannot reach the database without one. */
const database = vi.hoisted(() => ({uses: 0}))
vi.mock('../database.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof databaseModule>()
  return {
    ...actual,
    sql: () => {
      database.uses++
      return actual.sql()
    },
  }
})

const MINUTE = 60_000
/** Thursday 26 November 2026, 14:00 in Seoul: no quiet hour near. */
const AFTERNOON = Date.parse('2026-11-26T05:00:00Z')

let now = AFTERNOON
const clock = () => now
const register = (phone: string) =>
  createRegisterHandler({
    clock,
    sites: testSites(),
    env: {REGISTER_RATE_LIMIT: '0', AUTH_SECRET: 'a'.repeat(48)},
    texts: {content: seedTextContent, provider: localProvider},
  })(jsonRequest(validBody({phone})), {ip: '203.0.113.9'})

/** One run of the every-minute schedule as Netlify starts it, at the test's clock. */
const everyMinute = (provider: TextProvider = localProvider) =>
  runTextsJob({clock, content: seedTextContent, provider, deadline: runDeadline(clock())})

/** A lead (its texts already handled) with `count` acknowledgements due now, one per number. */
async function dueTexts(count: number): Promise<void> {
  await register('010-7000-0000')
  const lead = (await storedLeads())[0]!
  await sql()`INSERT INTO text_messages (id, lead_id, kind, revision, recipient, body, variables,
      status, attempts, created_at, next_attempt_at)
    SELECT gen_random_uuid(), ${lead.id}::uuid, 'acknowledgement', i + 1,
      '010-8' || lpad(i::text, 3, '0') || '-' || lpad(i::text, 4, '0'), '접수되었습니다.',
      '{}'::jsonb, 'queued', 0, ${new Date(now)}, ${new Date(now)}
    FROM generate_series(1, ${count}::int) AS i`
}

const queuedCount = async () =>
  (
    await sql()<{n: number}>`SELECT count(*)::int AS n FROM text_messages
      WHERE status IN ('queued', 'failed')`
  )[0]!.n

describe('the texts’ schedule', () => {
  withTestBlobs()
  beforeEach(() => {
    now = AFTERNOON
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  describe('asleep', () => {
    withTestDatabase()

    it('makes no database query in an hour of runs with nothing due, and wakes for a registration', async () => {
      expect((await register('010-1234-5678')).status).toBe(201)
      // The registration marked the texts due: the next minute's run goes to the database,
      // and finds only the lead's contact alert ahead (2 hours after it, at the earliest).
      now += MINUTE
      expect(await everyMinute()).toMatchObject({
        ran: true,
        nextDueAt: new Date(AFTERNOON + 120 * MINUTE).toISOString(),
      })
      // The counter sees the runs that go to the database.
      expect(database.uses).toBeGreaterThan(0)

      database.uses = 0
      const runs = []
      for (let minute = 1; minute <= 60; minute++) {
        now += MINUTE
        runs.push(await everyMinute())
      }
      expect(runs.filter((run) => run.ran)).toEqual([])
      expect(database.uses).toBe(0)

      // A registration wakes the next run.
      expect((await register('010-2345-6789')).status).toBe(201)
      now += MINUTE
      expect(await everyMinute()).toMatchObject({ran: true})
    })
  })

  describe('with 5,000 texts due', () => {
    withTestDatabase('postgres')

    // 5,000 claims and records take about 20 s of real time on an idle 2-core machine; the
    // test's bound is for a hang, not for a busy machine.
    it('stops taking work 20 s into a run and the next runs send the rest, each once', async () => {
      await dueTexts(5000)
      const sends = new Map<string, number>()
      const startedAt: number[] = []
      // A provider answering in 200 ms, 8 sends at a time: each send moves the clock by its share.
      const provider: TextProvider = {
        name: 'local',
        send: async (text) => {
          startedAt.push(now)
          now += 200 / 8
          sends.set(text.id, (sends.get(text.id) ?? 0) + 1)
          return {status: 'kept'}
        },
      }
      const runs: {start: number; starts: number[]}[] = []
      while ((await queuedCount()) > 0) {
        expect(runs.length).toBeLessThan(20)
        const start = now
        startedAt.length = 0
        expect(await everyMinute(provider)).toMatchObject({ran: true})
        runs.push({start, starts: [...startedAt]})
        now = start + MINUTE
      }
      const first = runs[0]!
      expect(first.starts.length).toBeLessThan(5000)
      for (const run of runs)
        expect(Math.max(...run.starts) - run.start).toBeLessThan(RUN_BUDGET_MS)
      expect(runs.length).toBeGreaterThan(1)
      expect(sends.size).toBe(5000)
      expect([...sends.values()].every((n) => n === 1)).toBe(true)
      console.log(
        `5,000 texts due: ${runs.length} runs of the schedule, ` +
          `${runs.map((run) => run.starts.length).join(' + ')} sends`,
      )
    }, 300_000)
  })

  forEachDatabase('two runs at once', () => {
    it('never send a text twice', async () => {
      await dueTexts(300)
      const sends = new Map<string, number>()
      const provider = (run: string[]): TextProvider => ({
        name: 'local',
        send: async (text) => {
          run.push(text.id)
          sends.set(text.id, (sends.get(text.id) ?? 0) + 1)
          await new Promise((resolve) => setTimeout(resolve, 2))
          return {status: 'kept'}
        },
      })
      const first: string[] = []
      const second: string[] = []
      const both = await Promise.all([
        runTextsJob({clock, content: seedTextContent, provider: provider(first), always: true}),
        runTextsJob({clock, content: seedTextContent, provider: provider(second), always: true}),
      ])
      expect(both.every((run) => run.ran)).toBe(true)
      expect(first.length).toBeGreaterThan(0)
      expect(second.length).toBeGreaterThan(0)
      expect(sends.size).toBe(300)
      expect([...sends.values()].every((n) => n === 1)).toBe(true)
      expect(await queuedCount()).toBe(0)
    })
  })
})

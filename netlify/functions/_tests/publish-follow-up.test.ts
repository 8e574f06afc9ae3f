import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterAll, beforeAll, beforeEach, expect, it, vi} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import type * as Database from '../_shared/database.ts'
import {buildForPublish} from '../_shared/operations/publishing.ts'
import followUp from '../publish-follow-up.mts'

// Every use of the database is counted: the every-minute run must leave it asleep.
const database = vi.hoisted(() => ({uses: 0}))
vi.mock('../_shared/database.ts', async (original) => ({
  ...(await original<typeof Database>()),
  sql: () => {
    database.uses++
    throw new Error('the database is asleep')
  },
}))

let hook: Server
let hookCalls = 0
withTestBlobs()

beforeAll(async () => {
  hook = createServer((_req, res) => {
    hookCalls++
    res.writeHead(200).end()
  })
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
})
afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())))
beforeEach(() => {
  database.uses = 0
  hookCalls = 0
  vi.useFakeTimers({toFake: ['Date'], now: Date.parse('2026-11-30T01:00:00Z')})
  vi.stubEnv('NETLIFY_BUILD_HOOK_URL', `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`)
  return () => {
    vi.useRealTimers()
    vi.unstubAllEnvs()
  }
})

async function runEveryMinute(minutes: number): Promise<boolean[]> {
  const started = []
  for (let minute = 0; minute < minutes; minute++) {
    vi.advanceTimersByTime(60_000)
    const res = await followUp(new Request('http://localhost/.netlify/functions/publish-follow-up'))
    started.push(((await res.json()) as {started: boolean}).started)
  }
  return started
}

it('runs an hour every minute with nothing due without touching the database', async () => {
  expect(await runEveryMinute(60)).toEqual(Array.from({length: 60}, () => false))
  expect(database.uses).toBe(0)
  expect(hookCalls).toBe(0)
})

it('starts a waiting follow-up once, without touching the database', async () => {
  const hookUrl = process.env.NETLIFY_BUILD_HOOK_URL!
  expect(await buildForPublish(hookUrl, 'first')).toBe('started')
  expect(await buildForPublish(hookUrl, 'second')).toBe('follow-up')
  // No end of the build is announced: it counts as running for 20 minutes.
  const started = await runEveryMinute(25)
  expect(started.filter(Boolean)).toHaveLength(1)
  expect(started.indexOf(true)).toBe(19)
  expect(hookCalls).toBe(2)
  expect(database.uses).toBe(0)
})

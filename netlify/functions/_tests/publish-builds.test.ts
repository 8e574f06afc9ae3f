import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {publishingHealth} from '../_shared/operations/publishing.ts'
import deployBuilding from '../deploy-building.mts'
import deployFailed from '../deploy-failed.mts'
import deploySucceeded from '../deploy-succeeded.mts'
import followUp from '../publish-follow-up.mts'
import webhook from '../sanity-webhook.mts'

const SECRET = 'webhook-secret-for-tests'
const FOLLOW_UP = 'Sanity: 이어서 게시된 변경'
const SITE_ID = 'a5b0c8e2-site-of-the-tests'
const T0 = Date.parse('2026-11-30T01:00:00Z')
/** 20 publishes in 30 s: one every 1.5 s, from T0. */
const BURST_MS = Array.from({length: 20}, (_, i) => i * 1500)

// Netlify's build hook lies outside the product: a local server stands in and counts calls.
let hook: Server
/** The trigger titles of the builds asked for. */
let hookCalls: string[] = []
let hookStatus = 200

withTestDatabase()
withTestBlobs()

beforeAll(async () => {
  hook = createServer((req, res) => {
    hookCalls.push(new URL(req.url ?? '', 'http://x').searchParams.get('trigger_title') ?? '')
    res.writeHead(hookStatus).end()
  })
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
})
afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())))
beforeEach(() => {
  hookCalls = []
  hookStatus = 200
  vi.useFakeTimers({toFake: ['Date'], now: T0})
  vi.stubEnv('SANITY_WEBHOOK_SECRET', SECRET)
  const {port} = hook.address() as AddressInfo
  vi.stubEnv('NETLIFY_BUILD_HOOK_URL', `http://127.0.0.1:${port}/build_hooks/abc123`)
  return () => {
    vi.useRealTimers()
    vi.unstubAllEnvs()
  }
})

const at = (ms: number) => vi.setSystemTime(T0 + ms)

/** Publishes document `id` now, as Sanity delivers it: signed, with its own delivery id. */
async function publish(id: string): Promise<Response> {
  const body = JSON.stringify({_id: id, _type: 'page'})
  const headers = new Headers({
    'Content-Type': 'application/json',
    [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRET),
    'idempotency-key': `delivery-${id}-${Date.now()}`,
  })
  return webhook(
    new Request('http://localhost/api/sanity-webhook', {method: 'POST', body, headers}),
  )
}

/** Netlify's event about a deploy: `{payload: <deploy>}` posted to the event's function. */
function deployEvent(
  handler: (req: Request, context: {site: {id: string}}) => Promise<Response>,
  deploy: Record<string, unknown>,
): Promise<Response> {
  const body = JSON.stringify({
    payload: {id: 'deploy-1', site_id: SITE_ID, state: 'building', ...deploy},
  })
  const req = new Request('http://localhost/.netlify/functions/deploy', {method: 'POST', body})
  return handler(req, {site: {id: SITE_ID}})
}

const production = (createdAtMs: number) => ({
  context: 'production',
  created_at: new Date(T0 + createdAtMs).toISOString(),
})

async function scheduledRun(): Promise<{started: boolean}> {
  const res = await followUp(new Request('http://localhost/.netlify/functions/publish-follow-up'))
  expect(res.status).toBe(200)
  return (await res.json()) as {started: boolean}
}

async function burst(): Promise<void> {
  for (const [index, ms] of BURST_MS.entries()) {
    at(ms)
    expect((await publish(`page-${index}`)).status).toBe(202)
  }
}

describe('builds that follow editors', () => {
  it('starts one build for 20 publishes in 30 s, and one follow-up once it ended', async () => {
    await burst()
    expect(hookCalls).toEqual(['Sanity: page-0'])
    expect(await publishingHealth()).toEqual({
      lastPublishAt: new Date(T0 + BURST_MS.at(-1)!).toISOString(),
      lastBuildAt: new Date(T0).toISOString(),
      building: true,
      followUpPending: true,
      readAt: new Date(T0 + BURST_MS.at(-1)!).toISOString(),
    })
    // Netlify announces the build (created 2 s after the first publish), and the schedule
    // finds nothing due while it runs.
    at(40_000)
    await deployEvent(deployBuilding, production(2000))
    at(60_000)
    expect(await scheduledRun()).toEqual({ok: true, started: false})
    // The build is online: its end starts the follow-up, once.
    at(150_000)
    expect((await deployEvent(deploySucceeded, production(2000))).status).toBe(202)
    expect(hookCalls).toEqual(['Sanity: page-0', FOLLOW_UP])
    at(210_000)
    expect(await scheduledRun()).toEqual({ok: true, started: false})
    expect(hookCalls).toHaveLength(2)
    expect(await publishingHealth()).toMatchObject({building: true, followUpPending: false})
  })

  it('starts no build for 20 publishes while one runs, and one follow-up after it', async () => {
    at(-90_000)
    await deployEvent(deployBuilding, production(-95_000))
    await burst()
    expect(hookCalls).toEqual([])
    at(100_000)
    await deployEvent(deployFailed, {...production(-95_000), state: 'error'})
    expect(hookCalls).toEqual([FOLLOW_UP])
  })

  it('starts the follow-up from the schedule when no end of the build is announced', async () => {
    await burst()
    at(19 * 60_000)
    expect(await scheduledRun()).toEqual({ok: true, started: false})
    at(20 * 60_000)
    expect(await scheduledRun()).toEqual({ok: true, started: true})
    expect(hookCalls).toHaveLength(2)
  })

  it('builds a lone publish at once, and one made after the window at once too', async () => {
    expect(await (await publish('home')).json()).toEqual({ok: true, build: true})
    at(100_000)
    await deployEvent(deploySucceeded, production(1000))
    at(200_000)
    expect(await (await publish('home')).json()).toEqual({ok: true, build: true})
    expect(hookCalls).toHaveLength(2)
  })

  it("ignores deploy previews', branch deploys' and other sites' events, and bodies that name no deploy", async () => {
    await burst()
    at(200_000)
    for (const body of [
      {context: 'deploy-preview'},
      {context: 'branch-deploy'},
      {...production(2000), site_id: 'another-site'},
      {},
    ]) {
      const res = await deployEvent(deploySucceeded, body)
      expect(await res.json()).toEqual({ok: true, recorded: false})
    }
    const malformed = await deploySucceeded(
      new Request('http://localhost/.netlify/functions/deploy-succeeded', {
        method: 'POST',
        body: 'not json',
      }),
    )
    expect(malformed.status).toBe(202)
    expect(hookCalls).toHaveLength(1)
    expect(await publishingHealth()).toMatchObject({building: true, followUpPending: true})
  })

  it('retries a build the hook refused from the schedule', async () => {
    hookStatus = 500
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect((await publish('home')).status).toBe(502)
    expect(await publishingHealth()).toMatchObject({building: false, followUpPending: true})
    hookStatus = 200
    at(60_000)
    expect(await scheduledRun()).toEqual({ok: true, started: true})
    expect(hookCalls).toEqual(['Sanity: home', FOLLOW_UP])
  })
})

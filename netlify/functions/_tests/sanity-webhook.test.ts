import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import webhook, {SIGNATURE_MAX_AGE_MS} from '../sanity-webhook.mts'

const SECRET = 'webhook-secret-for-tests'
const PAYLOAD = JSON.stringify({_id: 'homePage', _type: 'homePage'})

// Netlify's build hook lies outside the product: a local server stands in and counts calls.
let hook: Server
let hookUrl: string
let hookCalls: string[] = []
let hookStatus = 200

withTestDatabase()
withTestBlobs()

beforeAll(async () => {
  hook = createServer((req, res) => {
    hookCalls.push(`${req.method} ${req.url}`)
    res.writeHead(hookStatus).end()
  })
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/abc123`
})
afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())))
beforeEach(() => {
  hookCalls = []
  hookStatus = 200
  vi.stubEnv('SANITY_WEBHOOK_SECRET', SECRET)
  vi.stubEnv('NETLIFY_BUILD_HOOK_URL', hookUrl)
  return () => vi.unstubAllEnvs()
})

function deliver(
  body: string,
  signature: string | undefined,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers = new Headers({'Content-Type': 'application/json', ...extra})
  if (signature !== undefined) headers.set(SIGNATURE_HEADER_NAME, signature)
  return webhook(
    new Request('http://localhost/api/sanity-webhook', {method: 'POST', body, headers}),
  )
}

const signed = (body: string, at = Date.now(), secret = SECRET) =>
  encodeSignatureHeader(body, at, secret)

describe('POST /api/sanity-webhook', () => {
  it('starts one build for a validly signed delivery', async () => {
    const res = await deliver(PAYLOAD, await signed(PAYLOAD))
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ok: true, build: true})
    expect(hookCalls).toHaveLength(1)
    expect(hookCalls[0]).toMatch(/^POST \/build_hooks\/abc123\?trigger_title=Sanity%3A\+homePage$/)
  })

  it('refuses a signature made with another secret, and starts nothing', async () => {
    const res = await deliver(PAYLOAD, await signed(PAYLOAD, Date.now(), 'another-secret'))
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ok: false, error: '서명이 없거나 올바르지 않습니다.'})
    expect(hookCalls).toEqual([])
  })

  it('refuses a signature of another body (a tampered payload), and starts nothing', async () => {
    const res = await deliver(JSON.stringify({_id: 'siteSettings'}), await signed(PAYLOAD))
    expect(res.status).toBe(401)
    expect(hookCalls).toEqual([])
  })

  it(
    'refuses a delivery without a signature or ' + 'with a malformed one, and starts nothing',
    async () => {
      for (const signature of [undefined, '', 'v1=abc', 't=abc,v1=def']) {
        const res = await deliver(PAYLOAD, signature)
        expect(res.status, String(signature)).toBe(401)
        expect((await res.json()).ok).toBe(false)
      }
      expect(hookCalls).toEqual([])
    },
  )

  it('refuses a recorded delivery sent again later, and starts nothing', async () => {
    const old = await signed(PAYLOAD, Date.now() - SIGNATURE_MAX_AGE_MS - 60_000)
    const res = await deliver(PAYLOAD, old)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ok: false, error: '서명이 만료되었습니다.'})
    const fromTheFuture = await deliver(
      PAYLOAD,
      await signed(PAYLOAD, Date.now() + SIGNATURE_MAX_AGE_MS + 60_000),
    )
    expect(fromTheFuture.status).toBe(401)
    expect(hookCalls).toEqual([])
    // The same body freshly signed is accepted: it is the age that was refused.
    expect((await deliver(PAYLOAD, await signed(PAYLOAD))).status).toBe(202)
    expect(hookCalls).toHaveLength(1)
  })

  it(
    'starts one build for a delivery sent three ' +
      'times, and answers the repeats 200 with a note',
    async () => {
      const signature = await signed(PAYLOAD)
      const answers = []
      for (let i = 0; i < 3; i++) answers.push(await deliver(PAYLOAD, signature))
      expect(answers.map((res) => res.status)).toEqual([202, 200, 200])
      expect(await answers[2]?.json()).toEqual({
        ok: true,
        build: false,
        note: '이미 처리한 전달입니다. 빌드를 다시 시작하지 않습니다.',
      })
      expect(hookCalls).toHaveLength(1)
    },
  )

  forEachDatabase('concurrent copies', () => {
    it('starts one build for concurrent copies of a delivery', async () => {
      const signature = await signed(PAYLOAD)
      const copies = Array.from({length: 20}, () => deliver(PAYLOAD, signature))
      const answers = await Promise.all(copies)
      expect(answers.filter((res) => res.status === 202)).toHaveLength(1)
      expect(answers.filter((res) => res.status === 200)).toHaveLength(19)
      expect(hookCalls).toHaveLength(1)
    })
  })

  it('knows a replay by its signature, whatever idempotency key it claims', async () => {
    const signature = await signed(PAYLOAD)
    await deliver(PAYLOAD, signature, {'idempotency-key': 'delivery-1'})
    const replay = await deliver(PAYLOAD, signature, {'idempotency-key': 'made-up'})
    expect(replay.status).toBe(200)
    expect(hookCalls).toHaveLength(1)
  })

  it("knows Sanity's retry by its idempotency key, though signed again", async () => {
    const first = await deliver(PAYLOAD, await signed(PAYLOAD, Date.now() - 1000), {
      'idempotency-key': 'delivery-2',
    })
    const retry = await deliver(PAYLOAD, await signed(PAYLOAD), {'idempotency-key': 'delivery-2'})
    expect([first.status, retry.status]).toEqual([202, 200])
    expect(hookCalls).toHaveLength(1)
    // Another delivery of the same change is a new publish, which the follow-up build carries.
    const next = await deliver(PAYLOAD, await signed(PAYLOAD, Date.now() + 1), {
      'webhook-id': 'delivery-3',
    })
    expect(next.status).toBe(202)
    expect(await next.json()).toEqual({
      ok: true,
      build: false,
      note: '빌드가 진행 중이거나 방금 시작되어, 끝난 뒤 한 번 더 빌드해 함께 반영합니다.',
    })
    expect(hookCalls).toHaveLength(1)
  })

  it('starts no build for a draft that reaches it anyway', async () => {
    const draft = JSON.stringify({_id: 'drafts.homePage', _type: 'homePage'})
    const res = await deliver(draft, await signed(draft))
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ok: true, build: false})
    expect(hookCalls).toEqual([])
  })

  it('answers 502 when the build hook fails, so that Sanity delivers again', async () => {
    hookStatus = 500
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const signature = await signed(PAYLOAD)
    const res = await deliver(PAYLOAD, signature, {'idempotency-key': 'delivery-4'})
    expect(res.status).toBe(502)
    expect((await res.json()).ok).toBe(false)
    expect(hookCalls).toHaveLength(1)
    // The failed delivery is not remembered: Sanity's next attempt starts the build.
    hookStatus = 200
    const retry = await deliver(PAYLOAD, signature, {'idempotency-key': 'delivery-4'})
    expect(retry.status).toBe(202)
    expect(hookCalls).toHaveLength(2)
  })

  it('starts nothing when it is not configured, and says so', async () => {
    vi.stubEnv('SANITY_WEBHOOK_SECRET', '')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const res = await deliver(PAYLOAD, await signed(PAYLOAD))
    expect(res.status).toBe(503)
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('SANITY_WEBHOOK_SECRET'))
    expect(hookCalls).toEqual([])
  })

  it('answers other methods with 405', async () => {
    const res = await webhook(new Request('http://localhost/api/sanity-webhook'))
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST')
  })
})

import {beforeEach, describe, expect, it} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {backoffMs} from '../retry-batches.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {SAFETY_SWEEP_MS} from '../next-due.ts'
import {retryDueDeliveries, runDeliveryJob} from './retry.ts'
import {ATTEMPT_LEASE_MS} from './store.ts'
import {
  DELIVERY_TIMEOUT_MS,
  jsonRequest,
  storedLeads,
  testSites,
  useLeadTestServices,
  validBody,
} from './testing.ts'

const START = Date.parse('2026-11-21T03:00:00Z')
const MINUTE = 60_000

describe('delivery retries', () => {
  const service = useLeadTestServices()
  let now: number
  const clock = () => now
  const forwardUrl = () => `${service.url}/leads`
  const register = (env: Record<string, string> = {}) =>
    createRegisterHandler({
      clock,
      sites: testSites(),
      env: {FORM_FORWARD_URL: forwardUrl(), REGISTER_RATE_LIMIT: '1000', ...env},
      deliveryTimeoutMs: DELIVERY_TIMEOUT_MS,
    })
  const retry = () => retryDueDeliveries({url: forwardUrl(), clock, timeoutMs: DELIVERY_TIMEOUT_MS})

  beforeEach(() => {
    now = START
  })

  it('backs off 1, 2, 4 … minutes up to an hour', () => {
    expect([1, 2, 3, 4, 7, 20].map(backoffMs)).toEqual([
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      60 * MINUTE,
      60 * MINUTE,
    ])
  })

  it(
    'retries a failed delivery only when due, ' + 'with growing waits, until it is delivered once',
    async () => {
      service.setMode('fail')
      await register()(jsonRequest(validBody()), {ip: '1.1.1.1'})
      expect(service.requests()).toBe(1)

      now = START + 59_000
      expect(await retry()).toEqual({due: 0, delivered: 0, failed: 0})
      expect(service.requests()).toBe(1)

      now = START + MINUTE
      expect(await retry()).toEqual({due: 1, delivered: 0, failed: 1})
      let [lead] = await storedLeads()
      expect(lead?.delivery).toMatchObject({
        status: 'failed',
        attempts: 2,
        nextAttemptAt: new Date(now + 2 * MINUTE).toISOString(),
      })

      now += 2 * MINUTE - 1
      expect((await retry()).due).toBe(0)
      service.setMode('down')
      now += 1
      expect(await retry()).toMatchObject({due: 1, failed: 1})
      ;[lead] = await storedLeads()
      expect(lead?.delivery).toMatchObject({
        status: 'failed',
        attempts: 3,
        nextAttemptAt: new Date(now + 4 * MINUTE).toISOString(),
      })

      service.setMode('ok')
      now += 4 * MINUTE
      expect(await retry()).toMatchObject({due: 1, delivered: 1})
      ;[lead] = await storedLeads()
      expect(lead?.delivery).toEqual({
        status: 'delivered',
        attempts: 4,
        lastAttemptAt: new Date(now).toISOString(),
        deliveredAt: new Date(now).toISOString(),
      })
      expect(service.received.map((received) => received.idempotencyKey)).toEqual([lead!.id])

      now += 60 * MINUTE
      expect((await retry()).due).toBe(0)
      expect(service.received).toHaveLength(1)
    },
  )

  it(
    'leaves a new lead to the request that stored ' +
      'it until the claim on its first attempt runs out',
    async () => {
      const s = sql()
      // The request stored the lead and then died before its inline attempt.
      await register({FORM_FORWARD_URL: ''})(jsonRequest(validBody()), {ip: '1.1.1.2'})
      const [stored] = await storedLeads()
      await s`UPDATE lead_deliveries SET status = 'pending', attempts = 1,
        claim_id = gen_random_uuid(), claimed_until = ${new Date(now + ATTEMPT_LEASE_MS)}`
      expect((await retry()).due).toBe(0)
      now += ATTEMPT_LEASE_MS
      expect(await retry()).toEqual({due: 1, delivered: 1, failed: 0})
      expect(service.received.map((received) => received.idempotencyKey)).toEqual([stored!.id])
    },
  )

  forEachDatabase('overlapping runs', () => {
    it(
      'delivers every lead after an outage, none ' + 'twice, even with eight overlapping runs',
      async () => {
        service.setMode('down')
        const handler = register()
        for (let i = 0; i < 12; i++)
          await handler(jsonRequest(validBody({name: `방문객${i}`})), {ip: '1.1.1.3'})
        expect(service.received).toHaveLength(0)
        service.setMode('ok')
        now += MINUTE
        // The default timeout: a send cut off on a busy machine would fail an attempt, which
        // is not what this test is about.
        const run = () => retryDueDeliveries({url: forwardUrl(), clock})
        const runs = await Promise.all(Array.from({length: 8}, run))
        expect(runs.reduce((sum, run) => sum + run.delivered, 0)).toBe(12)
        const ids = service.received.map((received) => received.idempotencyKey)
        expect(new Set(ids).size).toBe(12)
        expect(ids).toHaveLength(12)
        expect((await storedLeads()).every((lead) => lead.delivery.status === 'delivered')).toBe(
          true,
        )
        expect((await retry()).due).toBe(0)
      },
    )
  })

  it('forwards leads kept without FORM_FORWARD_URL once one is set', async () => {
    await register({FORM_FORWARD_URL: ''})(jsonRequest(validBody()), {ip: '1.1.1.4'})
    expect(await retryDueDeliveries({url: undefined, clock})).toEqual({
      due: 0,
      delivered: 0,
      failed: 0,
    })
    expect(await retry()).toMatchObject({due: 1, delivered: 1})
    expect(service.received).toHaveLength(1)
  })

  it('never forwards spam', async () => {
    await register()(jsonRequest(validBody({website: 'bot'})), {ip: '1.1.1.5'})
    now += 2 * MINUTE
    expect((await retry()).due).toBe(0)
    expect(service.requests()).toBe(0)
  })

  it('stops claiming at its deadline', async () => {
    service.setMode('fail')
    const handler = register()
    for (let i = 0; i < 3; i++) await handler(jsonRequest(validBody()), {ip: '1.1.1.6'})
    service.setMode('slow')
    now += MINUTE
    // The clock runs as the slow attempts take time: the deadline comes during the first.
    const started = performance.now()
    const summary = await retryDueDeliveries({
      url: forwardUrl(),
      clock: () => now + (performance.now() - started),
      timeoutMs: 200,
      concurrency: 1,
      deadline: now + 100,
    })
    expect(summary).toEqual({due: 1, delivered: 0, failed: 1})
  })

  describe('kept asleep by its marker', () => {
    withTestBlobs()
    const job = () => runDeliveryJob({url: forwardUrl(), clock, timeoutMs: DELIVERY_TIMEOUT_MS})
    const iso = (at: number) => new Date(at).toISOString()

    it('goes to the database only when a retry is due', async () => {
      service.setMode('fail')
      await register()(jsonRequest(validBody()), {ip: '1.1.1.7'})
      // The first run reads the database (no run has yet), and sleeps until the retry.
      now = START + 30_000
      expect(await job()).toEqual({
        ran: true,
        result: {due: 0, delivered: 0, failed: 0},
        nextDueAt: iso(START + MINUTE),
      })
      now = START + 59_000
      expect(await job()).toEqual({ran: false, nextDueAt: iso(START + MINUTE)})
      now = START + MINUTE
      expect(await job()).toEqual({
        ran: true,
        result: {due: 1, delivered: 0, failed: 1},
        nextDueAt: iso(START + 3 * MINUTE),
      })
      now = START + 3 * MINUTE - 1
      expect(await job()).toMatchObject({ran: false})
      service.setMode('ok')
      now = START + 3 * MINUTE
      expect(await job()).toEqual({
        ran: true,
        result: {due: 1, delivered: 1, failed: 0},
        nextDueAt: iso(now + SAFETY_SWEEP_MS),
      })
      expect(service.requests()).toBe(3)
    })
  })
})

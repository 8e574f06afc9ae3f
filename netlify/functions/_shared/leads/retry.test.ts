import {beforeEach, describe, expect, it} from 'vitest'
import {backoffMs} from './deliver.ts'
import {createRegisterHandler} from './register-handler.ts'
import {deleteExpiredLeads} from './retention.ts'
import {retryDueDeliveries, rotate} from './retry.ts'
import {listKeys} from '../blobs.ts'
import {jsonRequest, storedLeads, testSites, useLeadTestServices, validBody} from './testing.ts'

const START = Date.parse('2026-11-21T03:00:00Z')
const MINUTE = 60_000

describe('delivery retries and retention', () => {
  const service = useLeadTestServices()
  let now: number
  const clock = () => now
  const forwardUrl = () => `${service.url}/leads`
  const register = (env: Record<string, string> = {}) =>
    createRegisterHandler({clock, sites: testSites(), env: {FORM_FORWARD_URL: forwardUrl(), REGISTER_RATE_LIMIT: '1000', ...env}, deliveryTimeoutMs: 300})
  const retry = () => retryDueDeliveries({url: forwardUrl(), clock, timeoutMs: 300})

  beforeEach(() => {
    now = START
  })

  it('backs off 1, 2, 4 … minutes up to an hour', () => {
    expect([1, 2, 3, 4, 7, 20].map(backoffMs)).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE, 60 * MINUTE, 60 * MINUTE])
  })

  it('retries a failed delivery only when due, with growing waits, until it is delivered once', async () => {
    service.setMode('fail')
    await register()(jsonRequest(validBody()), {ip: '1.1.1.1'})
    expect(service.requests()).toBe(1)

    now = START + 59_000
    expect(await retry()).toEqual({due: 0, delivered: 0, failed: 0, skipped: 0, unscanned: 0})
    expect(service.requests()).toBe(1)

    now = START + MINUTE
    expect(await retry()).toMatchObject({due: 1, failed: 1})
    let [lead] = await storedLeads()
    expect(lead?.delivery).toMatchObject({status: 'failed', attempts: 2, nextAttemptAt: new Date(now + 2 * MINUTE).toISOString()})

    now += 2 * MINUTE - 1
    expect((await retry()).due).toBe(0)
    service.setMode('down')
    now += 1
    expect(await retry()).toMatchObject({due: 1, failed: 1})
    ;[lead] = await storedLeads()
    expect(lead?.delivery).toMatchObject({status: 'failed', attempts: 3, nextAttemptAt: new Date(now + 4 * MINUTE).toISOString()})

    service.setMode('ok')
    now += 4 * MINUTE
    expect(await retry()).toMatchObject({due: 1, delivered: 1})
    ;[lead] = await storedLeads()
    expect(lead?.delivery).toEqual({status: 'delivered', attempts: 4, lastAttemptAt: new Date(now).toISOString(), deliveredAt: new Date(now).toISOString()})
    expect(service.received.map((received) => received.idempotencyKey)).toEqual([lead!.id])

    now += 60 * MINUTE
    expect((await retry()).due).toBe(0)
    expect(await listKeys('leads', 'outbox/')).toEqual([])
    expect(service.received).toHaveLength(1)
  })

  it('leaves a lead to the inline delivery for a minute before the job may send it', async () => {
    service.setMode('slow')
    await register()(jsonRequest(validBody()), {ip: '1.1.1.2'})
    service.setMode('ok')
    expect((await retry()).due).toBe(0)
  })

  it('delivers every lead after an outage, none twice, even with overlapping runs', async () => {
    service.setMode('down')
    const handler = register()
    for (let i = 0; i < 12; i++) await handler(jsonRequest(validBody({name: `방문객${i}`})), {ip: '1.1.1.3'})
    expect(service.received).toHaveLength(0)
    service.setMode('ok')
    now += MINUTE
    // Three runs at once (a slow run overlapping the next ones): a lead they all wanted may wait for a later run.
    const overlapping = await Promise.all([retry(), retry(), retry()])
    now += MINUTE
    const later = await retry()
    expect(overlapping.reduce((sum, run) => sum + run.delivered, 0) + later.delivered).toBe(12)
    const ids = service.received.map((received) => received.idempotencyKey)
    expect(new Set(ids).size).toBe(12)
    expect(ids).toHaveLength(12)
    expect((await storedLeads()).every((lead) => lead.delivery.status === 'delivered')).toBe(true)
    expect((await retry()).due).toBe(0)
  })

  it('forwards leads kept without FORM_FORWARD_URL once one is set', async () => {
    await register({FORM_FORWARD_URL: ''})(jsonRequest(validBody()), {ip: '1.1.1.4'})
    expect(await retryDueDeliveries({url: undefined, clock})).toEqual({due: 0, delivered: 0, failed: 0, skipped: 0, unscanned: 0})
    expect(await retry()).toMatchObject({due: 1, delivered: 1})
    expect(service.received).toHaveLength(1)
  })

  it('never forwards spam', async () => {
    await register()(jsonRequest(validBody({website: 'bot'})), {ip: '1.1.1.5'})
    now += 2 * MINUTE
    expect((await retry()).due).toBe(0)
    expect(service.requests()).toBe(0)
  })

  it('stops starting attempts when its time budget is spent', async () => {
    service.setMode('fail')
    const handler = register()
    for (let i = 0; i < 3; i++) await handler(jsonRequest(validBody()), {ip: '1.1.1.6'})
    service.setMode('slow')
    now += MINUTE
    const summary = await retryDueDeliveries({url: forwardUrl(), clock, timeoutMs: 200, concurrency: 1, budgetMs: 100})
    expect(summary).toMatchObject({due: 3, failed: 1, skipped: 2})
  })

  it('leaves the markers its scan had no time to read to the next run', async () => {
    service.setMode('fail')
    const handler = register()
    for (let i = 0; i < 4; i++) await handler(jsonRequest(validBody()), {ip: '1.1.1.8'})
    now += MINUTE
    expect(await retryDueDeliveries({url: forwardUrl(), clock, timeoutMs: 300, scanBudgetMs: 0})).toEqual({
      due: 0,
      delivered: 0,
      failed: 0,
      skipped: 0,
      unscanned: 4,
    })
    expect(service.requests()).toBe(4)
    service.setMode('ok')
    expect(await retry()).toMatchObject({due: 4, delivered: 4, unscanned: 0})
  })

  it('starts a scan anywhere in the outbox and still covers all of it', () => {
    const items = ['a', 'b', 'c', 'd']
    expect(rotate(items, 0)).toEqual(items)
    expect(rotate(items, 0.5)).toEqual(['c', 'd', 'a', 'b'])
    expect(rotate(items, 0.99)).toEqual(['d', 'a', 'b', 'c'])
    expect(rotate([], 0.5)).toEqual([])
  })

  it('deletes leads older than the retention period, spam too, and keeps the rest', async () => {
    const handler = register()
    await handler(jsonRequest(validBody({name: '오래된'}), {'Idempotency-Key': 'old-form'}), {ip: '1.1.1.7'})
    await handler(jsonRequest(validBody({website: 'bot'})), {ip: '1.1.1.7'})
    now += 200 * 24 * 60 * MINUTE
    await handler(jsonRequest(validBody({name: '최근'})), {ip: '1.1.1.7'})

    now = START + 365 * 24 * 60 * MINUTE
    expect(await deleteExpiredLeads({now, retentionDays: 365})).toBe(0)
    now += 1
    expect(await deleteExpiredLeads({now, retentionDays: 365})).toBe(2)
    expect((await storedLeads()).map((lead) => lead.name)).toEqual(['최근'])
    expect(await storedLeads('spam')).toEqual([])
    const claims = await listKeys('lead-keys', '')
    expect(claims.some((key) => key.startsWith('idem/'))).toBe(false)
    expect(claims.filter((key) => key.startsWith('receipt/'))).toHaveLength(1)
  })
})

import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, testSites, validBody} from '../leads/testing.ts'
import {backoffMs} from '../retry-batches.ts'
import {visitPath} from '../auth/visit-link.ts'
import {dueTexts, MAX_TEXT_ATTEMPTS, type LeadTextState} from './outbox-rules.ts'
import {runTexts, sendTextsFor} from './outbox-run.ts'
import {FOLD_WINDOW_MS} from './fold.ts'
import {localProvider, solapiProvider} from './provider.ts'
import {
  interceptSolapi,
  seedTextContent,
  solapiAccepted,
  solapiNotReceived,
  storedTexts,
} from './testing.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** 09:00 in Seoul on Thursday 26 November 2026. */
const NINE_AM = Date.parse('2026-11-26T00:00:00Z')
/** The visit: Friday 27 November, 14:00 in Seoul. */
const VISIT = Date.parse('2026-11-27T05:00:00Z')
const SOLAPI_ENV = {
  SMS_PROVIDER: 'solapi',
  SOLAPI_API_KEY: 'NCSTESTKEY',
  SOLAPI_API_SECRET: 'test-secret-0123456789',
  SMS_SENDER: '1661-0440',
  SITE_URL: 'https://soldam.example',
  AUTH_SECRET: 'a'.repeat(48),
}

describe('texts to visitors', () => {
  withTestDatabase()
  let now: number
  const clock = () => now
  const local = {clock, env: SOLAPI_ENV, content: seedTextContent, provider: localProvider}

  const register = (deps = local, body: Record<string, unknown> = {}) =>
    createRegisterHandler({
      clock,
      sites: testSites(),
      env: {...SOLAPI_ENV, REGISTER_RATE_LIMIT: '0'},
      texts: {content: deps.content, provider: deps.provider},
    })(jsonRequest(validBody(body)), {ip: '203.0.113.9'})

  /** A lead with a booked visit, stored as the booking would store it (no texts yet). */
  async function bookedLead(visitAt = VISIT, phone = '010-1234-5678'): Promise<string> {
    // The lake is down while it registers, so the lead has no text yet (its error is expected).
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    await register(
      {...local, content: () => Promise.reject(new Error('the lake is down'))},
      {phone},
    )
    quiet.mockRestore()
    const lead = (await storedLeads()).find((stored) => stored.phone === phone)
    await sql()`INSERT INTO visits
      (lead_id, site, starts_at, status, revision, booked_at, changed_at)
      VALUES (${lead!.id}::uuid, 'daegu', ${new Date(visitAt)}, 'booked', 1,
        ${new Date(now)}, ${new Date(now)})`
    return lead!.id
  }

  const changeVisit = (leadId: string, status: 'booked' | 'cancelled', visitAt = VISIT) =>
    sql()`UPDATE visits SET status = ${status}, starts_at = ${new Date(visitAt)},
      revision = revision + 1, changed_at = ${new Date(now)} WHERE lead_id = ${leadId}::uuid`

  beforeEach(() => {
    now = NINE_AM
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('acknowledges a registration without a visit at once, with the address', async () => {
    expect((await register()).status).toBe(201)
    const [text, ...more] = await storedTexts()
    expect(more).toEqual([])
    expect(text).toMatchObject({kind: 'acknowledgement', recipient: '010-1234-5678'})
    expect(text?.status).toBe('kept')
    expect(text?.body).toContain('홍길동님')
    expect(text?.body).toContain('대구광역시 수성구 호반로 12')
  })

  it('confirms a visit with its time, address, map, receipt and link, once', async () => {
    const leadId = await bookedLead()
    await sendTextsFor(leadId, local)
    await sendTextsFor(leadId, local)
    await runTexts(local)
    const texts = await storedTexts()
    expect(texts).toHaveLength(1)
    const [lead] = await storedLeads()
    expect(texts[0]).toMatchObject({kind: 'confirmation', revision: 1, status: 'kept'})
    for (const part of [
      '11월 27일(금) 14:00',
      '대구광역시 수성구 호반로 12',
      'https://naver.me/x1',
      lead!.receipt,
      // The owner's link: only the phone of the number gets it.
      `https://soldam.example${visitPath('daegu', leadId, SOLAPI_ENV, 'owner')}`,
    ])
      expect(texts[0]?.body).toContain(part)
  })

  it('sends nothing to spam', async () => {
    await register(local, {website: 'http://spam.example'})
    expect(await storedLeads('spam')).toHaveLength(1)
    await runTexts(local)
    expect(await storedTexts()).toEqual([])
  })

  it('keeps a registration whose text cannot be queued; the sweep sends it', async () => {
    const leadId = await bookedLead()
    expect(await storedTexts()).toEqual([])
    expect(await runTexts(local)).toMatchObject({queued: 1, outcomes: {kept: 1}})
    expect(await storedTexts()).toMatchObject([{lead_id: leadId, kind: 'confirmation'}])
  })

  it('notices each move and the cancellation, told apart by the visit’s state', async () => {
    const leadId = await bookedLead()
    await sendTextsFor(leadId, local)
    // Changes further apart than a fold window get a notice each, due at its window's end.
    now += FOLD_WINDOW_MS
    await changeVisit(leadId, 'booked', VISIT + HOUR)
    await sendTextsFor(leadId, local)
    now += FOLD_WINDOW_MS
    await changeVisit(leadId, 'cancelled', VISIT + HOUR)
    await sendTextsFor(leadId, local)
    now += FOLD_WINDOW_MS
    await runTexts(local)
    const texts = await storedTexts()
    expect(texts.map(({kind, revision}) => `${kind}:${revision}`)).toEqual([
      'confirmation:1',
      'moved:2',
      'cancelled:3',
    ])
    expect(texts[1]?.body).toContain('11월 27일(금) 15:00')
  })

  it('reminds at 10:00 KST the day before, not earlier, nor a visit booked after', async () => {
    const early = await bookedLead(VISIT, '010-1111-2222')
    now = NINE_AM + 2 * HOUR // 11:00: booked after the reminder's moment
    const late = await bookedLead(VISIT + HOUR, '010-3333-4444')
    now = NINE_AM
    await runTexts(local)
    const reminders = async () => (await storedTexts()).filter((text) => text.kind === 'reminder')
    expect(await reminders()).toEqual([])
    now = NINE_AM + HOUR - 1
    expect(dueTexts({...(await stateOf(early))}, now).map((due) => due.kind)).toEqual([])
    now = NINE_AM + HOUR
    await runTexts(local)
    now += MINUTE
    await runTexts(local)
    expect(await reminders()).toMatchObject([{lead_id: early, revision: 1, status: 'kept'}])
    expect((await reminders()).some((text) => text.lead_id === late)).toBe(false)
  })

  it('retries a text the provider failed with backoff until it is sent, exactly once', async () => {
    let down = true
    const calls = interceptSolapi(() =>
      down ? new Response('{}', {status: 500}) : solapiAccepted('M-OK'),
    )
    const solapi = {...local, provider: solapiProvider(SOLAPI_ENV)}
    expect((await register(solapi)).status).toBe(201)
    expect(await storedTexts()).toMatchObject([
      {status: 'failed', attempts: 1, next_attempt_at: new Date(now + backoffMs(1))},
    ])
    now += backoffMs(1) - 1
    expect((await runTexts(solapi)).due).toBe(0)
    now += 1
    expect(await runTexts(solapi)).toMatchObject({due: 1, outcomes: {failed: 1}})
    down = false
    now += backoffMs(2)
    expect(await runTexts(solapi)).toMatchObject({due: 1, outcomes: {sent: 1}})
    now += HOUR
    await runTexts(solapi)
    expect(await storedTexts()).toMatchObject([
      {status: 'sent', attempts: 3, provider: 'solapi', provider_message_id: 'M-OK'},
    ])
    expect(calls.filter((call) => call.to === '01012345678')).toHaveLength(3)
  })

  it('never retries a refused number, and keeps the reason', async () => {
    const calls = interceptSolapi(() => solapiNotReceived('1062', '수신거부 번호'))
    const solapi = {...local, provider: solapiProvider(SOLAPI_ENV)}
    await register(solapi)
    now += 2 * HOUR
    await runTexts(solapi)
    expect(calls).toHaveLength(1)
    expect(await storedTexts()).toMatchObject([
      {status: 'refused', attempts: 1, next_attempt_at: null, last_error: '1062: 수신거부 번호'},
    ])
  })

  it(`gives a failing text up after ${MAX_TEXT_ATTEMPTS} attempts`, async () => {
    interceptSolapi(() => new Response('{}', {status: 500}))
    const solapi = {...local, provider: solapiProvider(SOLAPI_ENV)}
    await register(solapi)
    for (let i = 0; i < MAX_TEXT_ATTEMPTS + 2; i++) {
      now += 2 * HOUR
      await runTexts(solapi)
    }
    expect(await storedTexts()).toMatchObject([
      {status: 'failed', attempts: MAX_TEXT_ATTEMPTS, next_attempt_at: null},
    ])
  })

  it('skips a waiting reminder whose visit was cancelled', async () => {
    interceptSolapi(() => new Response('{}', {status: 500}))
    const solapi = {...local, provider: solapiProvider(SOLAPI_ENV)}
    const leadId = await bookedLead()
    now = NINE_AM + HOUR
    await runTexts(solapi)
    await changeVisit(leadId, 'cancelled')
    now += HOUR
    await runTexts(solapi)
    const byKind = Object.fromEntries((await storedTexts()).map((text) => [text.kind, text]))
    expect(byKind.reminder?.status).toBe('skipped')
    expect(byKind.cancelled).toBeDefined()
  })

  forEachDatabase('under concurrency', () => {
    it('sends 100 texts once each: concurrent registrations, sweeps, failing SOLAPI', async () => {
      const accepted = new Map<string, number>()
      const calls = interceptSolapi((n, call) => {
        if (n <= 50) return new Response('{}', {status: 500})
        accepted.set(call.to, (accepted.get(call.to) ?? 0) + 1)
        return solapiAccepted(`M-${n}`)
      })
      const solapi = {...local, provider: solapiProvider(SOLAPI_ENV)}
      const phones = Array.from({length: 100}, (_, i) => `010-5555-${String(i).padStart(4, '0')}`)
      const sweeps: Promise<unknown>[] = []
      for (let i = 0; i < phones.length; i += 20) {
        await Promise.all(phones.slice(i, i + 20).map((phone) => register(solapi, {phone})))
        sweeps.push(runTexts(solapi))
      }
      await Promise.all(sweeps)
      for (let run = 0; run < 5; run++) {
        now += HOUR
        await Promise.all([runTexts(solapi), runTexts(solapi)])
      }
      expect(await storedLeads()).toHaveLength(100)
      const texts = await storedTexts()
      expect(texts).toHaveLength(100)
      expect(texts.every((text) => text.kind === 'acknowledgement' && text.status === 'sent')).toBe(
        true,
      )
      expect([...accepted.keys()].sort()).toEqual(phones.map((phone) => phone.replaceAll('-', '')))
      expect([...accepted.values()].every((count) => count === 1)).toBe(true)
      expect(calls.length).toBeGreaterThan(100)
    })

    it('sends each text once when requests and sweeps queue the same leads', async () => {
      const accepted = new Map<string, number>()
      interceptSolapi((n, call) => {
        accepted.set(call.to, (accepted.get(call.to) ?? 0) + 1)
        return solapiAccepted(`M-${n}`)
      })
      const solapi = {...local, provider: solapiProvider(SOLAPI_ENV)}
      const phones = Array.from({length: 30}, (_, i) => `010-6666-${String(i).padStart(4, '0')}`)
      const leadIds: string[] = []
      for (const phone of phones) leadIds.push(await bookedLead(VISIT, phone))
      await Promise.all([
        ...leadIds.map((leadId) => sendTextsFor(leadId, solapi)),
        ...leadIds.map((leadId) => sendTextsFor(leadId, solapi)),
        runTexts(solapi),
        runTexts(solapi),
      ])
      const texts = await storedTexts()
      expect(texts).toHaveLength(30)
      expect(new Set(texts.map((text) => text.lead_id)).size).toBe(30)
      expect(texts.every((text) => text.kind === 'confirmation' && text.status === 'sent')).toBe(
        true,
      )
      expect([...accepted.values()]).toEqual(Array.from({length: 30}, () => 1))
    })
  })

  async function stateOf(leadId: string): Promise<LeadTextState> {
    const [row] = await sql()<{starts_at: Date; changed_at: Date}>`
      SELECT starts_at, changed_at FROM visits WHERE lead_id = ${leadId}::uuid`
    return {
      id: leadId,
      site: 'daegu',
      name: '홍길동',
      phone: '010-1111-2222',
      receipt: 'R',
      spam: false,
      createdAt: now,
      marketingConsent: false,
      marketingConfirmedAt: null,
      refused: false,
      visit: {
        status: 'booked',
        revision: 1,
        visitAt: row!.starts_at.getTime(),
        changedAt: row!.changed_at.getTime(),
      },
      held: null,
      queued: new Set(['confirmation:1']),
    }
  }
})

import {describe, expect, it} from 'vitest'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {bookLead, type NewLead} from '../leads/store.ts'
import {formRequest, jsonRequest, storedLeads, validBody} from '../leads/testing.ts'
import {createCancelHandler} from './handlers.ts'
import {
  NOW,
  OTHER_SITE,
  SITE,
  storedVisits,
  testHouses,
  testSiteDirectory,
  useVisitTestServices,
} from './testing.ts'
import {visitToken} from '../auth/visit-link.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {REGISTER_MESSAGES} from '#shared/leads/messages.ts'
import {seedTextContent, storedTexts} from '../texts/testing.ts'

const context = {ip: '203.0.113.9'}
const SLOT = '2026-11-27T10:00:00+09:00'
const LATER = '2026-11-28T14:30:00+09:00'
const DAY_MS = 24 * 60 * 60_000

interface Answer {
  ok: boolean
  receipt: string
  visitAt?: string
  manageUrl?: string
  visitHeld?: string
  message?: string
}

describe('one coming visit per number and site', () => {
  useVisitTestServices()
  const content = seedTextContent
  const deps = (now = NOW) => ({clock: () => now, houses: testHouses(), texts: {content}})
  const register = (now = NOW, env: Record<string, string> = {}) =>
    createRegisterHandler({
      ...deps(now),
      sites: testSiteDirectory(),
      env: {...process.env, REGISTER_RATE_LIMIT: '100000', ...env},
    })
  const book = async (
    visitAt: string,
    extra: Record<string, unknown> = {},
    handler = register(),
    headers: Record<string, string> = {},
  ) => {
    const response = await handler(
      jsonRequest(validBody({site: SITE, visitAt, ...extra}), headers),
      context,
    )
    expect(response.status).toBe(201)
    return (await response.json()) as Answer
  }
  const seatsTaken = async () => {
    const [row] = await sql()<{seats: number}>`
      SELECT coalesce(sum(booked), 0)::int AS seats FROM visit_slots`
    return row?.seats
  }
  const ownerToken = (leadId: string) => visitToken(leadId, process.env, 'owner')

  it('keeps the second registration without a visit and texts the first visit’s link to the number', async () => {
    const first = await book(SLOT)
    const second = await book(LATER, {phone: '010 1234 5678', name: '홍길순'})

    expect(second).toEqual({
      ok: true,
      receipt: second.receipt,
      visitHeld: 'resent',
      message: REGISTER_MESSAGES.visitHeld,
    })
    expect(second.receipt).not.toBe(first.receipt)
    // Nothing of the held visit is in the answer: whoever typed the number may not own it.
    expect(JSON.stringify(second)).not.toContain('visit/')

    const visits = await storedVisits()
    expect(visits.map((visit) => visit.status)).toEqual(['booked'])
    const leads = await storedLeads()
    expect(leads).toHaveLength(2)
    const newer = leads.find((lead) => lead.receipt === second.receipt)
    const older = leads.find((lead) => lead.receipt === first.receipt)
    expect(newer).toMatchObject({receipt: second.receipt, visitRefused: 'existing-visit'})
    expect(newer!.visit).toBeUndefined()
    expect(older).toMatchObject({receipt: first.receipt, visit: {start: SLOT, status: 'booked'}})
    expect(older!.visitRefused).toBeUndefined()
    // Forwarded like any other lead.
    expect(newer!.delivery.status).toBe(older!.delivery.status)

    const texts = await storedTexts()
    expect(texts.map((text) => `${text.kind} ${text.recipient}`)).toEqual([
      'confirmation 010-1234-5678',
      'confirmation 010-1234-5678',
    ])
    const resent = texts.find((text) => text.lead_id === newer!.id)!.body
    expect(resent).toContain('11월 27일(금) 10:00')
    expect(resent).toContain(ownerToken(older!.id))
    expect(resent).toContain(first.receipt)
    expect(resent).toContain('홍길동님')
    expect(resent).not.toContain(ownerToken(newer!.id))
  })

  it('says the link was not texted again when the number’s registrations for today are spent', async () => {
    const handler = register(NOW, {REGISTER_PHONE_DAILY_LIMIT: '1'})
    await book(SLOT, {}, handler)
    const second = await book(LATER, {}, handler)
    expect(second).toMatchObject({visitHeld: 'unsent', message: REGISTER_MESSAGES.visitHeldUnsent})
    expect((await storedTexts()).map((text) => text.kind)).toEqual(['confirmation'])
    expect(await storedLeads()).toHaveLength(2)
  })

  it('answers a repeated submission of the held registration as before', async () => {
    await book(SLOT)
    const key = {'Idempotency-Key': 'held-1'}
    const second = await book(LATER, {}, register(), key)
    const again = await book(LATER, {}, register(), key)
    expect(again).toEqual(second)
    expect(await storedLeads()).toHaveLength(2)
    expect(await storedTexts()).toHaveLength(2)
  })

  it('tells the form without JavaScript by a code in the result’s address', async () => {
    await book(SLOT)
    const response = await register()(
      formRequest({
        name: '홍길동',
        phone: '010-1234-5678',
        consent: 'on',
        site: SITE,
        visitAt: LATER,
        fillMs: '8000',
      }),
      context,
    )
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('Location')!, 'http://localhost')
    expect(location.searchParams.get('status')).toBe('accepted')
    expect(location.searchParams.get('visitHeld')).toBe('resent')
    expect(location.searchParams.has('visitAt')).toBe(false)
  })

  it('books again once the visit is cancelled or has begun, and on another site', async () => {
    const first = await book(SLOT)
    const elsewhere = '2026-11-27T11:00:00+09:00'
    expect((await book(elsewhere, {site: OTHER_SITE})).visitAt).toBe(elsewhere)
    const token = first.manageUrl!.split('/').at(-1)!
    const cancelled = await createCancelHandler(deps())(
      new Request(`http://localhost/api/visits/${token}/cancel`, {method: 'POST'}),
      {params: {token}, ip: context.ip},
    )
    expect(cancelled.status).toBe(200)
    const rebooked = await book(LATER)
    expect(rebooked.visitAt).toBe(LATER)
    // The next day the visit of the 28th is still to come, and holds the number.
    expect((await book(LATER, {}, register(NOW + DAY_MS))).visitHeld).toBe('resent')
    // From its start it no longer does.
    const afterStart = Date.parse(LATER) + 60_000
    const late = await register(afterStart)(
      jsonRequest(validBody({site: SITE, visitAt: '2026-12-01T10:00:00+09:00'})),
      context,
    )
    expect(late.status).toBe(201)
    expect(((await late.json()) as Answer).visitAt).toBe('2026-12-01T10:00:00+09:00')
  })

  // Two submissions at once with one number: a real server is needed to show a race.
  forEachDatabase('under concurrency', () => {
    const lead = (name: string): NewLead => ({
      input: {
        name,
        phone: '010-1234-5678',
        consent: true,
        marketingConsent: false,
        source: 'popup',
        site: SITE,
        attribution: {},
      },
      spam: null,
      doubt: null,
      idempotencyKey: null,
      now: NOW,
      forwarding: 'not-configured',
    })

    it('has the visit’s insert itself refuse a second coming visit, storing nothing of it', async () => {
      const first = await bookLead(lead('홍길동'), {visitAt: Date.parse(SLOT), capacity: 4})
      expect(first).toMatchObject({created: true})
      const second = await bookLead(lead('홍길순'), {visitAt: Date.parse(LATER), capacity: 4})
      expect(second).toBe('held')
      expect(await storedLeads()).toHaveLength(1)
      expect(await seatsTaken()).toBe(1)
    })

    it('books one of 10 concurrent bookings of one number by the statement alone', async () => {
      const results = await Promise.all(
        Array.from({length: 10}, (_, i) =>
          bookLead(lead(`방문${i}`), {
            visitAt: Date.parse(SLOT) + (i % 5) * 30 * 60_000,
            capacity: 4,
          }),
        ),
      )
      expect(results.filter((result) => result === 'held')).toHaveLength(9)
      expect(await storedVisits()).toHaveLength(1)
    })

    it('books one visit of 10 concurrent bookings by one number, and keeps all 10', async () => {
      const handler = register()
      const times = ['10:00', '10:30', '11:00', '11:30', '13:00']
      const responses = await Promise.all(
        Array.from({length: 10}, (_, i) =>
          handler(
            jsonRequest(
              validBody({
                site: SITE,
                visitAt: `2026-11-27T${times[i % times.length]}:00+09:00`,
                // Every spelling of the number is one number.
                phone: i % 2 ? '010-1234-5678' : '01012345678',
              }),
            ),
            context,
          ),
        ),
      )
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201))
      const answers = (await Promise.all(responses.map((r) => r.json()))) as Answer[]
      expect(answers.filter((answer) => answer.visitAt)).toHaveLength(1)
      expect(answers.filter((answer) => answer.visitHeld)).toHaveLength(9)
      expect(await storedVisits()).toHaveLength(1)
      expect(await storedLeads()).toHaveLength(10)
      expect(await seatsTaken()).toBe(1)
    })
  })
})

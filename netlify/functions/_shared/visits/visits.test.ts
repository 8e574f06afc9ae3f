import {describe, expect, it} from 'vitest'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {formRequest, jsonRequest, storedLeads, validBody} from '../leads/testing.ts'
import {
  createCancelHandler,
  createConsentHandler,
  createMoveHandler,
  createSlotsHandler,
  createVisitHandler,
} from './handlers.ts'
import {
  bookedSeats,
  leadCount,
  NO_HOUSE_SITE,
  NOW,
  OTHER_SITE,
  SITE,
  storedVisits,
  testSiteDirectory,
  testTextContent,
  useVisitTestServices,
  visitDeps,
} from './testing.ts'
import {visitToken} from '../auth/visit-link.ts'
import {listVisitsHandler} from './admin.ts'
import {listLeadsHandler} from '../leads/admin-handlers.ts'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import type {Lead} from '#shared/leads/lead.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {storedTexts} from '../texts/testing.ts'
import {DAILY_TEXT_BUDGET} from '../texts/outbox-rules.ts'
import {runTexts} from '../texts/outbox-run.ts'
import {FOLD_WINDOW_MS} from '../texts/fold.ts'

const context = {ip: '203.0.113.7'}
const SLOT = '2026-11-27T10:00:00+09:00'
const LATER = '2026-11-28T14:30:00+09:00'

interface Slot {
  start: string
  remaining: number
}

describe('visits', () => {
  useVisitTestServices()
  const content = testTextContent
  const deps = visitDeps
  const textKinds = async () =>
    (await storedTexts()).map((text) => `${text.kind} ${text.status}`).sort()
  /** The scheduled sweep once the notices of NOW's fold window are due. */
  const sweepAfterFold = () => runTexts({clock: () => NOW + FOLD_WINDOW_MS, content})
  const register = (now = NOW) =>
    createRegisterHandler({
      ...deps(now),
      sites: testSiteDirectory(),
      // The stubbed environment (the texts' link secret) without the registration limit.
      env: {...process.env, REGISTER_RATE_LIMIT: '100000'},
      texts: {content},
    })
  const slots = (query: string, now = NOW) =>
    createSlotsHandler(deps(now))(new Request(`http://localhost/api/visits/slots?${query}`))
  const book = (visitAt: unknown, extra: Record<string, unknown> = {}) =>
    register()(jsonRequest(validBody({site: SITE, visitAt, ...extra})), context)
  const bookOk = async (visitAt = SLOT, extra: Record<string, unknown> = {}) => {
    const response = await book(visitAt, extra)
    expect(response.status).toBe(201)
    return (await response.json()) as {receipt: string; visitAt: string; manageUrl: string}
  }
  const tokenOf = (manageUrl: string) => manageUrl.split('/').at(-1)!
  const link = (token: string, action = '', body?: unknown, now = NOW) => {
    const handler = {
      '': createVisitHandler,
      cancel: createCancelHandler,
      move: createMoveHandler,
      consent: createConsentHandler,
    }[action]!(deps(now))
    const request = new Request(
      `http://localhost/api/visits/${token}${action ? `/${action}` : ''}`,
      {
        method: action ? 'POST' : 'GET',
        ...(body === undefined
          ? {}
          : {headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)}),
      },
    )
    return handler(request, {params: {token}, ip: '198.51.100.7'})
  }
  const visitAudit = () =>
    sql()`SELECT actor, action, lead_id IS NOT NULL AS has_lead, detail ? 'from' AS has_from,
      visitor IS NOT NULL AS has_visitor FROM audit_log WHERE action LIKE 'visit-%' ORDER BY id`

  it('books a time sent within 3 seconds of the form opening, texts it and flags it for the staff', async () => {
    const answer = await bookOk(SLOT, {fillMs: 900})
    expect(answer.visitAt).toBe(SLOT)
    const [lead] = await storedLeads()
    expect(lead).toMatchObject({doubt: 'too-fast', visit: {start: SLOT, status: 'booked'}})
    expect(await textKinds()).toEqual(['confirmation kept'])
  })

  describe('GET /api/visits/slots', () => {
    it('lists every bookable start of 14 days with the seats left, and the holidays', async () => {
      await bookOk()
      const response = await slots(`site=${SITE}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('public, max-age=15')
      const body = (await response.json()) as {ok: boolean; slots: Slot[]; holidays: unknown[]}
      expect(body.ok).toBe(true)
      // Past the cut-off (09:30 + 1 h), Mondays and 2 December closed, up to 9 December.
      expect(body.slots[0]).toEqual({start: '2026-11-26T10:30:00+09:00', remaining: 4})
      expect(body.slots.at(-1)?.start).toBe('2026-12-09T17:30:00+09:00')
      expect(body.slots).toHaveLength(15 + 10 * 16)
      expect(body.slots.find((slot) => slot.start === SLOT)).toEqual({start: SLOT, remaining: 3})
      expect(body.holidays).toEqual([])
    })

    it('lists the closed days of the booking window with the reason', async () => {
      const body = (await (await slots(`site=${SITE}`)).json()) as {closed: unknown[]}
      expect(body.closed).toEqual([
        {date: '2026-11-30', reason: 'weekday'},
        {date: '2026-12-02', reason: 'closedDate'},
        {date: '2026-12-07', reason: 'weekday'},
      ])
      const now = Date.parse('2026-12-20T09:00:00+09:00')
      const christmas = (await (await slots(`site=${SITE}&days=7`, now)).json()) as {
        closed: unknown[]
      }
      expect(christmas.closed).toEqual([
        {date: '2026-12-21', reason: 'weekday'},
        {date: '2026-12-25', reason: 'holiday'},
      ])
      const none = (await (await slots(`site=${NO_HOUSE_SITE}`)).json()) as {closed: unknown[]}
      expect(none.closed).toEqual([])
    })

    it('shows a full slot as 0 seats left', async () => {
      for (let i = 0; i < 4; i++) await bookOk(SLOT, {phone: `010-5555-${1000 + i}`})
      const body = (await (await slots(`site=${SITE}&from=2026-11-27&days=1`)).json()) as {
        slots: Slot[]
      }
      expect(body.slots[0]).toEqual({start: SLOT, remaining: 0})
      expect(body.slots).toHaveLength(16)
    })

    it('names the holidays of the window', async () => {
      const now = Date.parse('2026-12-20T09:00:00+09:00')
      const body = (await (await slots(`site=${SITE}&days=7`, now)).json()) as {
        slots: Slot[]
        holidays: unknown[]
      }
      expect(body.holidays).toEqual([{date: '2026-12-25', name: '기독탄신일'}])
      expect(body.slots.some((slot) => slot.start.startsWith('2026-12-25'))).toBe(false)
    })

    it.each([
      ['', 400],
      [`site=${SITE}&from=2026-13-01`, 400],
      [`site=${SITE}&days=0`, 400],
      [`site=${SITE}&days=32`, 400],
      [`site=${SITE}&days=abc`, 400],
      ['site=nowhere', 404],
    ])('refuses %s with %i and a Korean message', async (query, status) => {
      const response = await slots(query)
      expect(response.status).toBe(status)
      expect(await response.json()).toEqual({ok: false, error: expect.stringMatching(/[가-힣]/)})
    })

    it('has no slots for a site without a model house', async () => {
      const body = (await (await slots(`site=${NO_HOUSE_SITE}`)).json()) as {slots: Slot[]}
      expect(body.slots).toEqual([])
    })
  })

  describe('POST /api/register with visitAt', () => {
    it('stores the lead and its visit, takes a seat, and answers the visitor’s link', async () => {
      const body = await bookOk()
      expect(body).toMatchObject({ok: true, visitAt: SLOT})
      expect(body.manageUrl).toMatch(new RegExp(`^/${SITE}/visit/[A-Za-z0-9_-]{43}$`))
      const [visit] = await storedVisits()
      expect(visit).toMatchObject({
        site: SITE,
        status: 'booked',
        revision: 1,
        last_change: 'booked',
      })
      expect(visit?.starts_at.toISOString()).toBe('2026-11-27T01:00:00.000Z')
      expect(await bookedSeats(SITE, SLOT)).toBe(1)
      expect(body.manageUrl).toBe(`/${SITE}/visit/${visitToken(visit!.lead_id)}`)
    })

    it('answers 409 and the nearest free slots to a full slot, storing nothing', async () => {
      for (let i = 0; i < 4; i++) await bookOk(SLOT, {phone: `010-5555-${1000 + i}`})
      const response = await book(SLOT)
      expect(response.status).toBe(409)
      const body = (await response.json()) as {error: string; fields: unknown; slots: Slot[]}
      expect(body.error).toContain('마감')
      expect(body.fields).toEqual({visitAt: expect.stringContaining('마감')})
      // The nearest by time: the evening before is further than the same morning.
      expect(body.slots.map((slot) => slot.start)).toEqual([
        '2026-11-27T10:30:00+09:00',
        '2026-11-27T11:00:00+09:00',
        '2026-11-27T11:30:00+09:00',
        '2026-11-27T12:00:00+09:00',
        '2026-11-27T12:30:00+09:00',
        '2026-11-27T13:00:00+09:00',
      ])
      expect(await leadCount()).toBe(4)
      expect(await bookedSeats(SITE, SLOT)).toBe(4)
    })

    it.each([
      ['2026-11-26T09:00:00+09:00', '지난 시간'],
      ['2026-11-26T10:00:00+09:00', '마감 시간'],
      ['2026-11-30T10:00:00+09:00', '휴관일'],
      ['2026-12-02T10:00:00+09:00', '휴관일'],
      ['2026-12-10T10:00:00+09:00', '예약 가능 기간'],
      ['2026-11-27T10:15:00+09:00', '목록에 있는 시간'],
      ['2026-11-27T10:00:00Z', '다시 선택'],
      [12345, '다시 선택'],
    ])('refuses %s with 400 and stores nothing', async (visitAt, text) => {
      const response = await book(visitAt)
      expect(response.status).toBe(400)
      const body = (await response.json()) as {fields: {visitAt: string}}
      expect(body.fields.visitAt).toContain(text)
      expect(await leadCount()).toBe(0)
    })

    it('refuses another site’s slot, and a site that takes no bookings', async () => {
      const other = await register()(
        jsonRequest(validBody({site: OTHER_SITE, visitAt: '2026-11-27T10:30:00+09:00'})),
        context,
      )
      expect(other.status).toBe(400)
      const none = await register()(
        jsonRequest(validBody({site: NO_HOUSE_SITE, visitAt: SLOT})),
        context,
      )
      expect(((await none.json()) as {fields: {visitAt: string}}).fields.visitAt).toContain(
        '받지 않습니다',
      )
      expect(await leadCount()).toBe(0)
    })

    it('books from the form without JavaScript, saying plainly when the slot filled', async () => {
      const form = (phone: string) =>
        formRequest({
          name: '홍길동',
          phone,
          consent: 'on',
          site: SITE,
          visitAt: SLOT,
          fillMs: '8000',
        })
      for (let i = 0; i < 4; i++) {
        const response = await register()(form(`010-2222-${1000 + i}`), context)
        expect(response.status).toBe(303)
        const location = new URL(response.headers.get('location')!, 'http://localhost')
        expect(location.searchParams.get('status')).toBe('accepted')
        expect(location.searchParams.get('visitAt')).toBe(SLOT)
      }
      const full = await register()(form('010-2222-2000'), context)
      expect(full.status).toBe(303)
      expect(full.headers.get('location')).toMatch(/\?status=full$/)
      expect(await leadCount()).toBe(4)
    })

    it('stores hostile text literally', async () => {
      const name = '<script>alert(1)</script>'
      const message = "'; DROP TABLE visits; -- <img src=x onerror=alert(1)>"
      await bookOk(SLOT, {name, message})
      const [lead] = await storedLeads()
      expect(lead).toMatchObject({name, message})
      expect(await storedVisits()).toHaveLength(1)
    })

    it('answers a repeated submission with the first booking, taking no second seat', async () => {
      const send = () =>
        register()(
          jsonRequest(validBody({site: SITE, visitAt: SLOT}), {'Idempotency-Key': 'k-1'}),
          context,
        )
      const first = (await (await send()).json()) as {receipt: string; manageUrl: string}
      const again = await send()
      expect(again.status).toBe(201)
      expect(await again.json()).toMatchObject({receipt: first.receipt, manageUrl: first.manageUrl})
      expect(await bookedSeats(SITE, SLOT)).toBe(1)
      // The same key with another time is another body: refused, no seat taken.
      const moved = await register()(
        jsonRequest(validBody({site: SITE, visitAt: LATER}), {'Idempotency-Key': 'k-1'}),
        context,
      )
      expect(moved.status).toBe(422)
      expect(await bookedSeats(SITE, LATER)).toBe(0)
    })
  })

  describe('the visitor’s link', () => {
    it('shows the booking with the model house and the remaining units now', async () => {
      const {manageUrl, receipt} = await bookOk()
      const response = await link(tokenOf(manageUrl))
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        ok: true,
        visit: {
          receipt,
          name: '홍길동',
          site: SITE,
          siteName: '솔담 레이크파크',
          start: SLOT,
          status: 'booked',
          marketingConsent: false,
          marketingConfirmed: false,
          owner: false,
          address: '울산광역시 남구 삼산로 287',
          mapUrl: 'https://map.naver.com/p/search/solldam',
          changeable: true,
          // The day before the visit: the visitor may confirm they are coming.
          confirmable: true,
          units: [
            {label: '84A', remaining: 3, checkedAt: '2026-11-26'},
            {label: '84B', remaining: 0, checkedAt: '2026-11-26'},
            {label: '84C', remaining: 9, checkedAt: '2026-11-26'},
          ],
        },
      })
    })

    it('shows the booking without the remaining units when the lake cannot be read', async () => {
      const {manageUrl} = await bookOk()
      const unreadable = async () => Promise.reject(new Error('lake down'))
      const response = await createVisitHandler({...deps(), texts: {content: unreadable}})(
        new Request(`http://localhost/api/visits/${tokenOf(manageUrl)}`),
        {params: {token: tokenOf(manageUrl)}},
      )
      expect(response.status).toBe(200)
      const body = (await response.json()) as {visit: {status: string; units: unknown[]}}
      expect(body.visit).toMatchObject({status: 'booked', units: []})
    })

    it('answers 404 to a tampered or malformed token and 410 after the visit day', async () => {
      const token = tokenOf((await bookOk()).manageUrl)
      const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`
      for (const bad of [tampered, 'abc', `${token}x`]) {
        const response = await link(bad)
        expect(response.status).toBe(404)
        expect(((await response.json()) as {error: string}).error).toContain(
          '정보를 찾을 수 없습니다',
        )
      }
      const dayAfter = Date.parse('2026-11-28T00:00:00+09:00')
      expect((await link(token, '', undefined, dayAfter)).status).toBe(410)
      expect((await link(token, 'cancel', undefined, dayAfter)).status).toBe(410)
      // Later on the visit day itself the link still shows it, no longer changeable.
      const evening = Date.parse('2026-11-27T20:00:00+09:00')
      const late = (await (await link(token, '', undefined, evening)).json()) as {
        visit: {changeable: boolean}
      }
      expect(late.visit.changeable).toBe(false)
    })

    it('cancels once, giving the seat back', async () => {
      const token = tokenOf((await bookOk()).manageUrl)
      const response = await link(token, 'cancel')
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({
        ok: true,
        visit: {status: 'cancelled', changeable: false},
      })
      expect(await bookedSeats(SITE, SLOT)).toBe(0)
      expect(await storedVisits()).toMatchObject([
        {status: 'cancelled', revision: 2, last_change: 'cancelled'},
      ])
      // The notice waits out its fold window (a change right after would fold into it).
      expect(await textKinds()).toEqual(['cancelled queued', 'confirmation kept'])
      await sweepAfterFold()
      expect(await textKinds()).toEqual(['cancelled kept', 'confirmation kept'])
      const again = await link(token, 'cancel')
      expect(again.status).toBe(409)
      expect(await bookedSeats(SITE, SLOT)).toBe(0)
      expect(await textKinds()).toHaveLength(2)
      // The cancellation is in the audit log once: the refused second one changed nothing.
      expect(await visitAudit()).toEqual([
        {
          actor: 'visitor-link',
          action: 'visit-cancel',
          has_lead: true,
          has_from: true,
          has_visitor: true,
        },
      ])
    })

    it('moves to a free slot, freeing the old seat and taking the new one', async () => {
      const token = tokenOf((await bookOk()).manageUrl)
      const response = await link(token, 'move', {visitAt: LATER})
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({visit: {start: LATER, status: 'booked'}})
      expect(await bookedSeats(SITE, SLOT)).toBe(0)
      expect(await bookedSeats(SITE, LATER)).toBe(1)
      expect(await storedVisits()).toMatchObject([
        {status: 'booked', revision: 2, last_change: 'moved'},
      ])
      await sweepAfterFold()
      expect(await textKinds()).toEqual(['confirmation kept', 'moved kept'])
      const notice = (await storedTexts()).find((text) => text.kind === 'moved')
      expect(notice?.body).toContain('11월 28일')
      expect(await visitAudit()).toEqual([
        {
          actor: 'visitor-link',
          action: 'visit-move',
          has_lead: true,
          has_from: true,
          has_visitor: true,
        },
      ])
    })

    it('folds the notices of changes within minutes into one, telling the visit’s state', async () => {
      const token = tokenOf((await bookOk()).manageUrl)
      expect((await link(token, 'move', {visitAt: LATER})).status).toBe(200)
      expect((await link(token, 'cancel', undefined, NOW + 60_000)).status).toBe(200)
      await sweepAfterFold()
      const texts = await storedTexts()
      expect(texts.map((text) => `${text.kind}:${text.revision} ${text.status}`).sort()).toEqual([
        'cancelled:3 kept',
        'confirmation:1 kept',
      ])
    })

    it('takes 3 moves a day; the 4th is refused (429) until midnight in Seoul', async () => {
      const token = tokenOf((await bookOk()).manageUrl)
      for (const visitAt of [LATER, SLOT, LATER])
        expect((await link(token, 'move', {visitAt})).status).toBe(200)
      const fourth = await link(token, 'move', {visitAt: SLOT})
      expect(fourth.status).toBe(429)
      // 09:30 in Seoul: 14 hours 30 minutes to midnight.
      expect(fourth.headers.get('retry-after')).toBe(String(14.5 * 3600))
      expect(await fourth.json()).toEqual({
        ok: false,
        error: '방문 시간은 하루에 3번까지 바꿀 수 있습니다. 내일 0시부터 다시 바꿀 수 있습니다.',
      })
      expect(await storedVisits()).toMatchObject([{revision: 4}])
      expect(await bookedSeats(SITE, LATER)).toBe(1)
      const tomorrow = Date.parse('2026-11-27T08:00:00+09:00')
      const next = await link(token, 'move', {visitAt: '2026-11-28T15:00:00+09:00'}, tomorrow)
      expect(next.status).toBe(200)
    })

    it('gives at most the cap in texts for 30 moves of one visit in a minute', async () => {
      const {manageUrl} = await bookOk()
      const token = tokenOf(manageUrl)
      const statuses: number[] = []
      for (let i = 0; i < 30; i++) {
        const visitAt = i % 2 ? SLOT : LATER
        statuses.push((await link(token, 'move', {visitAt}, NOW + i * 2000)).status)
      }
      // Three moves; after them every move to another time is refused for the day (a move
      // to the time it has is refused as such).
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
      expect(statuses.slice(3).filter((status) => status === 429)).toHaveLength(14)
      expect(statuses.slice(3).filter((status) => status !== 429)).toEqual(Array(13).fill(400))
      await sweepAfterFold()
      const texts = await storedTexts()
      // The confirmation and one notice of the three moves, well inside the daily budget.
      expect(texts.map((text) => `${text.kind}:${text.revision} ${text.status}`).sort()).toEqual([
        'confirmation:1 kept',
        'moved:4 kept',
      ])
      expect(texts.length).toBeLessThanOrEqual(DAILY_TEXT_BUDGET)
    })

    it('refuses a move to a full (409) or bad (400) slot, changing nothing', async () => {
      const token = tokenOf((await bookOk()).manageUrl)
      for (let i = 0; i < 4; i++) await bookOk(LATER, {phone: `010-5555-${1000 + i}`})
      const full = await link(token, 'move', {visitAt: LATER})
      expect(full.status).toBe(409)
      const body = (await full.json()) as {error: string; slots: Slot[]}
      expect(body.error).toContain('마감')
      expect(body.slots).toHaveLength(6)
      for (const visitAt of [
        SLOT,
        '2026-11-30T10:00:00+09:00',
        '2026-11-27T10:10:00+09:00',
        null,
      ]) {
        expect((await link(token, 'move', {visitAt})).status).toBe(400)
      }
      expect(await bookedSeats(SITE, SLOT)).toBe(1)
      expect(await bookedSeats(SITE, LATER)).toBe(4)
      expect((await storedVisits()).map((visit) => visit.revision)).toEqual([1, 1, 1, 1, 1])
    })

    it('withdraws marketing consent for the visitor’s phone', async () => {
      const {manageUrl} = await bookOk(SLOT, {marketingConsent: true})
      const refused = await link(tokenOf(manageUrl), 'consent', {marketing: 'yes'})
      expect(refused.status).toBe(400)
      const response = await link(tokenOf(manageUrl), 'consent', {marketing: false})
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({visit: {marketingConsent: false}})
      expect((await storedLeads())[0]?.marketingConsent).toBe(false)
    })

    it('records the refusal with the withdrawal, cancelling the waiting advert', async () => {
      const night = Date.parse('2026-11-26T22:00:00+09:00')
      const booked = await register(night)(
        jsonRequest(validBody({site: SITE, visitAt: SLOT, marketingConsent: true})),
        context,
      )
      expect(booked.status).toBe(201)
      // The owner confirms the consent through the link texted to the number.
      const [confirmation] = await storedTexts()
      const owner = tokenOf(/\S+\/visit\/\S+/.exec(confirmation!.body)![0])
      expect((await link(owner, 'consent', {marketing: true}, night)).status).toBe(200)
      // The site has no 080 number: the advert names the owner's link to refuse.
      const waiting = (await storedTexts()).find((text) => text.kind === 'advert')
      expect(waiting).toMatchObject({status: 'queued'})
      expect(waiting?.body).toMatch(/\n수신거부: http\S+\/visit\/\S+\n내 정보 확인·삭제: http\S+$/)
      expect(waiting?.body).toContain(owner)
      await link(owner, 'consent', {marketing: false}, night)
      expect(await textKinds()).toEqual(['advert cancelled', 'confirmation kept'])
      expect(await sql()`SELECT phone, source, actor FROM text_refusals`).toEqual([
        {phone: '010-1234-5678', source: 'visitor', actor: 'visitor-link'},
      ])
    })
  })

  describe('staff', () => {
    const staff = {ip: '192.0.2.10'}
    const admin = async (path: string, auth = true) => {
      const token = await mintAdminToken()
      return new Request(`http://localhost${path}`, {
        headers: auth ? {Authorization: `Bearer ${token}`} : {},
      })
    }

    it('list who is coming by time, and see the visit on the lead', async () => {
      const later = await bookOk(LATER, {name: '김방문', message: '84A 문의'})
      const first = await bookOk(SLOT, {phone: '010-7777-1234'})
      await link(tokenOf(later.manageUrl), 'cancel')
      const response = await listVisitsHandler(
        await admin(`/api/admin/visits?site=${SITE}&from=2026-11-26&days=7`),
        staff,
        NOW,
      )
      expect(response.status).toBe(200)
      const {items} = (await response.json()) as {items: Array<Record<string, unknown>>}
      expect(items).toEqual([
        expect.objectContaining({receipt: first.receipt, start: SLOT, status: 'booked'}),
        expect.objectContaining({
          receipt: later.receipt,
          site: SITE,
          start: LATER,
          status: 'cancelled',
          name: '김방문',
          phone: '010-1234-5678',
          message: '84A 문의',
          source: 'popup',
          leadId: expect.any(String),
        }),
      ])
      const outside = await listVisitsHandler(
        await admin(`/api/admin/visits?from=2026-11-28&days=1&site=${OTHER_SITE}`),
        staff,
        NOW,
      )
      expect(((await outside.json()) as {items: unknown[]}).items).toEqual([])

      const leads = await listLeadsHandler(await admin('/api/admin/leads'), staff)
      const {leads: listed} = (await leads.json()) as {leads: Lead[]}
      // Both leads share the clock's time: matched by receipt, not by order.
      expect(Object.fromEntries(listed.map((lead) => [lead.receipt, lead.visit]))).toEqual({
        [first.receipt]: {start: SLOT, status: 'booked'},
        [later.receipt]: {start: LATER, status: 'cancelled'},
      })
    })

    it('refuses a visitor without the token, and bad filters with 400', async () => {
      expect((await listVisitsHandler(await admin('/api/admin/visits', false), staff)).status).toBe(
        401,
      )
      for (const query of ['from=2026-02-30', 'days=0', 'days=93']) {
        const response = await listVisitsHandler(await admin(`/api/admin/visits?${query}`), staff)
        expect(response.status).toBe(400)
      }
    })
  })

  // What concurrent statements do shows only on a real server: both run these.
  forEachDatabase('capacity under concurrency', () => {
    it('takes exactly 4 of 50 concurrent bookings of a slot of 4', async () => {
      const handler = register()
      const responses = await Promise.all(
        Array.from({length: 50}, (_, i) =>
          handler(
            jsonRequest(validBody({site: SITE, visitAt: SLOT, phone: `010-1234-${1000 + i}`})),
            context,
          ),
        ),
      )
      const statuses = responses.map((response) => response.status)
      expect(statuses.filter((status) => status === 201)).toHaveLength(4)
      expect(statuses.filter((status) => status === 409)).toHaveLength(46)
      expect(await leadCount()).toBe(4)
      expect(await storedVisits()).toHaveLength(4)
      expect(await bookedSeats(SITE, SLOT)).toBe(4)
    })

    it('takes exactly the seats left when many move into one slot at once', async () => {
      const starts = ['10:00', '10:30', '11:00'].map((time) => `2026-11-27T${time}:00+09:00`)
      const tokens = []
      for (let i = 0; i < 10; i++) {
        const booked = await bookOk(starts[i % 3], {phone: `010-3333-${1000 + i}`})
        tokens.push(tokenOf(booked.manageUrl))
      }
      await bookOk(LATER)
      const answers = await Promise.all(
        tokens.map((token) => link(token, 'move', {visitAt: LATER})),
      )
      expect(answers.filter((response) => response.status === 200)).toHaveLength(3)
      expect(await bookedSeats(SITE, LATER)).toBe(4)
      const left = await Promise.all(starts.map((start) => bookedSeats(SITE, start)))
      expect(left.reduce((sum, n) => sum + n, 0)).toBe(7)
    })
  })
})

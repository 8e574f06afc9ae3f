import {describe, expect, it} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {leadHandler} from '../leads/admin-handlers.ts'
import {jsonRequest, storedLeads, validBody} from '../leads/testing.ts'
import {seedTextContent} from '../texts/testing.ts'
import {listVisitsHandler} from './admin.ts'
import {arrivalCode, checkInHandler} from './arrival.ts'
import {createCancelHandler, createMoveHandler, createVisitHandler} from './handlers.ts'
import {
  NOW,
  OTHER_SITE,
  SITE,
  testHouses,
  testSiteDirectory,
  useVisitTestServices,
} from './testing.ts'
import {visitToken} from '../auth/visit-link.ts'

const SLOT = '2026-11-27T10:00:00+09:00'
/** The morning of the visit's day: the visitor is at the door ten minutes early. */
const AT_THE_DOOR = Date.parse('2026-11-27T09:50:00+09:00')
const NEXT_DAY = Date.parse('2026-11-28T09:50:00+09:00')
const DAY = '2026-11-27'
const STAFF = 'admin@example.com'

interface CheckInAnswer {
  ok: boolean
  error?: string
  visit?: {leadId: string; name: string; start: string; arrivedAt: string; arrivedBy: string}
}

describe('arrival at the model house', () => {
  useVisitTestServices()
  const deps = (now = NOW) => ({
    clock: () => now,
    houses: testHouses(),
    texts: {content: seedTextContent},
  })
  // Made per booking: the environment (the texts' link secret) is stubbed before each test.
  const register = () =>
    createRegisterHandler({
      ...deps(),
      sites: testSiteDirectory(),
      env: {...process.env, REGISTER_RATE_LIMIT: '100000'},
    })
  /** Books SLOT for a number; answers the visit's lead id. */
  async function booked(phone = '010-5555-0101', site = SITE): Promise<string> {
    const answer = await register()(jsonRequest(validBody({site, visitAt: SLOT, phone})), {
      ip: '203.0.113.9',
    })
    expect(answer.status).toBe(201)
    const [visit] = await sql()<{lead_id: string}>`
      SELECT v.lead_id FROM visits v JOIN leads l ON l.id = v.lead_id WHERE l.phone = ${phone}`
    return visit!.lead_id
  }
  const checkIn = async (body: unknown, now = AT_THE_DOOR, sites: string[] | null = null) => {
    const token = await mintAdminToken(STAFF, new Date(), sites)
    const response = await checkInHandler(
      new Request('http://localhost/api/admin/visits/check-in', {
        method: 'POST',
        headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
        body: JSON.stringify(body),
      }),
      {ip: '192.0.2.10'},
      now,
    )
    return {status: response.status, body: (await response.json()) as CheckInAnswer}
  }
  const linkPage = async (leadId: string, now: number) => {
    const token = visitToken(leadId)
    const response = await createVisitHandler(deps(now))(
      new Request(`http://localhost/api/visits/${token}`),
      {params: {token}, ip: '198.51.100.7'},
    )
    return (await response.json()) as {
      visit: {
        arrivalCode?: string
        arrivalQr?: {size: number; path: string}
        arrivedAt?: string
        changeable: boolean
      }
    }
  }
  const arrivals = () =>
    sql()<{lead_id: string; arrived_at: Date | null; arrived_by: string | null}>`
      SELECT lead_id, arrived_at, arrived_by FROM visits ORDER BY booked_at`
  const audits = () =>
    sql()<{action: string; actor: string; detail: Record<string, unknown>}>`
      SELECT action, actor, detail FROM audit_log WHERE action IN ('check-in', 'stage')
      ORDER BY action, id`

  it('gives a visit a 4-digit code of its own day, another on another day', () => {
    const id = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
    expect(arrivalCode(id, DAY)).toMatch(/^\d{4}$/)
    expect(arrivalCode(id, DAY)).toBe(arrivalCode(id, DAY))
    const week = ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']
    expect(new Set(week.map((day) => arrivalCode(id, day))).size).toBeGreaterThan(1)
  })

  it('makes a lead that books a visit 방문예약 at once', async () => {
    await booked()
    expect((await storedLeads()).map((lead) => lead.stage)).toEqual(['booked'])
  })

  it('shows the code on the visit’s day only', async () => {
    const leadId = await booked()
    expect((await linkPage(leadId, NOW)).visit.arrivalCode).toBeUndefined()
    expect((await linkPage(leadId, AT_THE_DOOR)).visit.arrivalCode).toBe(arrivalCode(leadId, DAY))
  })

  it('checks a visitor in by the code: the time, who, the stage 방문완료 and the record', async () => {
    const leadId = await booked()
    const answer = await checkIn({site: SITE, code: arrivalCode(leadId, DAY)})
    expect(answer.status).toBe(200)
    expect(answer.body.visit).toEqual({
      leadId,
      receipt: expect.any(String),
      site: SITE,
      name: '홍길동',
      start: SLOT,
      arrivedAt: new Date(AT_THE_DOOR).toISOString(),
      arrivedBy: STAFF,
    })
    expect(await arrivals()).toEqual([
      {lead_id: leadId, arrived_at: new Date(AT_THE_DOOR), arrived_by: STAFF},
    ])
    expect((await storedLeads()).map((lead) => lead.stage)).toEqual(['visited'])
    expect(await audits()).toEqual([
      {action: 'check-in', actor: STAFF, detail: {}},
      {action: 'stage', actor: STAFF, detail: {from: 'booked', to: 'visited'}},
    ])
    // The visitor's page says so, shows no code any more and no longer moves or cancels.
    const page = await linkPage(leadId, AT_THE_DOOR + 60_000)
    expect(page.visit).toMatchObject({arrivedAt: new Date(AT_THE_DOOR).toISOString()})
    expect(page.visit.arrivalCode).toBeUndefined()
    expect(page.visit.changeable).toBe(false)
    const token = visitToken(leadId)
    const cancel = await createCancelHandler(deps(AT_THE_DOOR + 60_000))(
      new Request(`http://localhost/api/visits/${token}/cancel`, {method: 'POST'}),
      {params: {token}, ip: '198.51.100.7'},
    )
    expect(cancel.status).toBe(409)
    // And the staff's schedule shows the arrival.
    const list = await listVisitsHandler(
      new Request(`http://localhost/api/admin/visits?from=${DAY}&days=1`, {
        headers: {Authorization: `Bearer ${await mintAdminToken(STAFF)}`},
      }),
      {ip: '192.0.2.10'},
      AT_THE_DOOR,
    )
    const {items} = (await list.json()) as {items: {arrivedAt: string; arrivedBy: string}[]}
    expect(items).toMatchObject([
      {arrivedAt: new Date(AT_THE_DOOR).toISOString(), arrivedBy: STAFF},
    ])
  })

  it('checks a visitor in from the schedule, and keeps a stage staff moved on to 계약', async () => {
    const leadId = await booked()
    await sql()`UPDATE leads SET stage = 'contracted'`
    expect((await checkIn({visitId: leadId})).status).toBe(200)
    expect((await storedLeads()).map((lead) => lead.stage)).toEqual(['contracted'])
    expect((await audits()).map((row) => row.action)).toEqual(['check-in'])
  })

  it.each([
    ['a code of no visit', () => ({site: SITE, code: '0000'}), 404],
    ['a code of three digits', () => ({site: SITE, code: '123'}), 400],
    ['a code without a site', () => ({code: '1234'}), 400],
    ['a body of neither', () => ({}), 400],
    ['a visit id that is not one', () => ({visitId: 'abc'}), 404],
  ])('refuses %s in Korean', async (_, body, status) => {
    await booked()
    const answer = await checkIn(body())
    expect(answer.status).toBe(status)
    expect(answer.body.error).toMatch(/[가-힣]/)
    expect((await arrivals()).every((row) => row.arrived_at === null)).toBe(true)
  })

  it('refuses a code of another day, another site, another visitor, a cancelled visit and a second check-in, changing nothing', async () => {
    const leadId = await booked()
    const code = arrivalCode(leadId, DAY)
    // The next day, the code of the visit's day names nothing.
    expect((await checkIn({site: SITE, code}, NEXT_DAY)).status).toBe(404)
    expect((await checkIn({visitId: leadId}, NEXT_DAY)).body.error).toBe(
      '오늘의 예약이 아닙니다. 방문 일시를 확인해 주세요.',
    )
    // Another site's code, and a counsellor of another site.
    expect((await checkIn({site: OTHER_SITE, code})).status).toBe(404)
    expect((await checkIn({site: SITE, code}, AT_THE_DOOR, [OTHER_SITE])).status).toBe(403)
    expect((await checkIn({visitId: leadId}, AT_THE_DOOR, [OTHER_SITE])).status).toBe(404)
    expect(await audits()).toEqual([])

    expect((await checkIn({site: SITE, code})).status).toBe(200)
    const twice = await checkIn({site: SITE, code}, AT_THE_DOOR + 60_000)
    expect(twice).toEqual({status: 409, body: {ok: false, error: '이미 방문을 확인한 예약입니다.'}})
    expect((await arrivals())[0]?.arrived_at).toEqual(new Date(AT_THE_DOOR))

    const other = await booked('010-5555-0102')
    await sql()`UPDATE visits SET status = 'cancelled' WHERE lead_id = ${other}::uuid`
    expect((await checkIn({visitId: other})).body.error).toBe(
      '취소된 예약입니다. 방문을 확인할 수 없습니다.',
    )
    expect((await audits()).filter((row) => row.action === 'check-in')).toHaveLength(1)
  })

  it('checks a visitor in by the QR code their page shows, once, and only as its own visit', async () => {
    const leadId = await booked()
    const other = await booked('010-5555-0102')
    const page = await linkPage(leadId, AT_THE_DOOR)
    expect(page.visit.arrivalQr?.size).toBeGreaterThanOrEqual(21)
    const code = arrivalCode(leadId, DAY)
    // The code of one visit beside the id of another, another site, another day: nothing.
    expect((await checkIn({site: SITE, code, visitId: other})).status).toBe(404)
    expect((await checkIn({site: OTHER_SITE, code, visitId: leadId})).status).toBe(404)
    expect((await checkIn({site: SITE, code, visitId: leadId}, NEXT_DAY)).status).toBe(404)
    expect((await checkIn({site: SITE, code, visitId: 'not-an-id'})).status).toBe(404)
    expect(await audits()).toEqual([])

    const scanned = await checkIn({site: SITE, code, visitId: leadId})
    expect(scanned.status).toBe(200)
    expect(scanned.body.visit?.leadId).toBe(leadId)
    const again = await checkIn({site: SITE, code, visitId: leadId}, AT_THE_DOOR + 5_000)
    expect(again).toEqual({status: 409, body: {ok: false, error: '이미 방문을 확인한 예약입니다.'}})
    expect((await linkPage(leadId, AT_THE_DOOR)).visit.arrivalQr).toBeUndefined()
  })

  it('tells the visitor’s move, their cancellation and the arrival in the lead’s history', async () => {
    const leadId = await booked()
    const token = visitToken(leadId)
    const link = (action: 'move' | 'cancel', body?: unknown) =>
      (action === 'move' ? createMoveHandler : createCancelHandler)(deps(NOW))(
        new Request(`http://localhost/api/visits/${token}/${action}`, {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify(body ?? {}),
        }),
        {params: {token}, ip: '198.51.100.7'},
      )
    const LATER = '2026-11-28T10:00:00+09:00'
    expect((await link('move', {visitAt: LATER})).status).toBe(200)
    expect((await checkIn({visitId: leadId}, NEXT_DAY)).status).toBe(200)
    const other = await booked('010-5555-0102')
    const otherToken = visitToken(other)
    expect(
      (
        await createCancelHandler(deps(NOW))(
          new Request(`http://localhost/api/visits/${otherToken}/cancel`, {method: 'POST'}),
          {params: {token: otherToken}, ip: '198.51.100.7'},
        )
      ).status,
    ).toBe(200)

    const detail = async (id: string) => {
      const response = await leadHandler(
        new Request(`http://localhost/api/admin/leads/${id}`, {
          headers: {Authorization: `Bearer ${await mintAdminToken(STAFF)}`},
        }),
        {ip: '192.0.2.10', params: {id}},
      )
      return ((await response.json()) as {visitChanges: unknown[]}).visitChanges
    }
    expect(await detail(leadId)).toEqual([
      {at: new Date(NOW).toISOString(), actor: null, change: 'move', from: SLOT, to: LATER},
      {
        at: new Date(NEXT_DAY).toISOString(),
        actor: STAFF,
        change: 'check-in',
        from: null,
        to: null,
      },
    ])
    expect(await detail(other)).toEqual([
      {at: new Date(NOW).toISOString(), actor: null, change: 'cancel', from: SLOT, to: null},
    ])
  })

  forEachDatabase('at the same moment', () => {
    it('records one arrival when two staff check the same visitor in at once', async () => {
      const leadId = await booked()
      const code = arrivalCode(leadId, DAY)
      const answers = await Promise.all([
        checkIn({site: SITE, code}),
        checkIn({visitId: leadId}),
        checkIn({site: SITE, code}),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409])
      expect((await audits()).map((row) => row.action)).toEqual(['check-in', 'stage'])
      expect((await arrivals()).filter((row) => row.arrived_at !== null)).toHaveLength(1)
    })
  })
})

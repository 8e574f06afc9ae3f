import {describe, expect, it} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, validBody} from '../leads/testing.ts'
import {storedTexts} from '../texts/testing.ts'
import {createStaffVisitHandler} from './staff-visit.ts'
import {
  bookedSeats,
  OTHER_SITE,
  SITE,
  testSiteDirectory,
  testTextContent,
  useVisitTestServices,
  visitDeps,
} from './testing.ts'

const SLOT = '2026-11-27T10:00:00+09:00'
const LATER = '2026-11-28T14:30:00+09:00'
const STAFF = 'counsellor@example.com'

interface Answer {
  ok: boolean
  error?: string
  visit?: {start: string; status: string} | null
  slots?: unknown[]
}

describe('staff booking, moving and cancelling a visit for a caller', () => {
  useVisitTestServices()
  const register = async (body: Record<string, unknown>) => {
    const answer = await createRegisterHandler({
      ...visitDeps(),
      sites: testSiteDirectory(),
      env: {...process.env, REGISTER_RATE_LIMIT: '100000'},
      texts: {content: testTextContent},
    })(jsonRequest(validBody({site: SITE, ...body})), {ip: '203.0.113.9'})
    expect(answer.status).toBe(201)
    return (await storedLeads()).find((lead) => lead.phone === body.phone)!.id
  }
  const act = async (id: string, body: unknown, sites: string[] | null = null, token?: string) => {
    const response = await createStaffVisitHandler(visitDeps())(
      new Request(`http://localhost/api/admin/leads/${id}/visit`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token ?? (await mintAdminToken(STAFF, new Date(), sites))}`,
        },
        body: JSON.stringify(body),
      }),
      {ip: '192.0.2.10', params: {id}},
    )
    return {status: response.status, body: (await response.json()) as Answer}
  }
  const audits = () =>
    sql()<{action: string; actor: string}>`
      SELECT action, actor FROM audit_log WHERE action IN ('visit-book', 'visit-move',
        'visit-cancel', 'stage') ORDER BY id, action`
  const kinds = async () => (await storedTexts()).map((text) => text.kind).sort()

  it('books a time for a caller registered without one: the seat, 방문예약, the record and the confirmation', async () => {
    const id = await register({phone: '010-3333-0001'})
    const booked = await act(id, {action: 'book', visitAt: SLOT})
    expect(booked).toEqual({status: 200, body: {ok: true, visit: {start: SLOT, status: 'booked'}}})
    expect(await bookedSeats(SITE, SLOT)).toBe(1)
    expect((await storedLeads())[0]?.stage).toBe('booked')
    // One statement writes both: their order within it is not defined.
    expect((await audits()).map((row) => `${row.action} ${row.actor}`).sort()).toEqual([
      `stage ${STAFF}`,
      `visit-book ${STAFF}`,
    ])
    expect(await kinds()).toEqual(['acknowledgement', 'confirmation'])
    // A lead with a visit is moved, not booked again.
    expect((await act(id, {action: 'book', visitAt: LATER})).status).toBe(409)
  })

  it('moves a visit as often as the caller asks, and cancels it, giving the seats back', async () => {
    const id = await register({phone: '010-3333-0002', visitAt: SLOT})
    for (const visitAt of [LATER, SLOT, LATER, SLOT]) {
      const moved = await act(id, {action: 'move', visitAt})
      expect(moved.body.visit).toEqual({start: visitAt, status: 'booked'})
    }
    expect(await bookedSeats(SITE, SLOT)).toBe(1)
    expect(await bookedSeats(SITE, LATER)).toBe(0)
    const cancelled = await act(id, {action: 'cancel'})
    expect(cancelled.body.visit).toEqual({start: SLOT, status: 'cancelled'})
    expect(await bookedSeats(SITE, SLOT)).toBe(0)
    expect((await audits()).filter((row) => row.actor === STAFF).map((row) => row.action)).toEqual([
      'visit-move',
      'visit-move',
      'visit-move',
      'visit-move',
      'visit-cancel',
    ])
    expect(await kinds()).toContain('confirmation')
  })

  it('refuses what cannot be done, in Korean, changing nothing', async () => {
    const id = await register({phone: '010-3333-0003', visitAt: SLOT})
    expect((await act(id, {action: 'paint'})).status).toBe(400)
    expect((await act(id, {action: 'move', visitAt: 'tomorrow'})).status).toBe(400)
    expect((await act(id, {action: 'move', visitAt: SLOT})).status).toBe(400)
    expect((await act(id, {action: 'cancel'}, [OTHER_SITE])).status).toBe(404)
    expect((await act('not-a-lead', {action: 'cancel'})).status).toBe(404)
    // Every seat of the time taken (the booking statement reads the schedule's capacity).
    await sql()`UPDATE visit_slots SET booked = 1000
      WHERE site = ${SITE} AND starts_at = ${new Date(SLOT)}`
    const other = await register({phone: '010-3333-0004'})
    const full = await act(other, {action: 'book', visitAt: SLOT})
    expect(full.status).toBe(409)
    expect(full.body.slots?.length).toBeGreaterThan(0)
    expect((await act(id, {action: 'cancel'})).status).toBe(200)
    const again = await act(id, {action: 'cancel'})
    expect(again).toEqual({
      status: 409,
      body: {ok: false, error: '이미 취소되었거나 방문 시간이 지난 예약이라 바꿀 수 없습니다.'},
    })
    expect((await audits()).filter((row) => row.actor === STAFF)).toHaveLength(1)
  })

  // What concurrent statements do shows only on a real server: both run this.
  forEachDatabase('capacity under concurrency', () => {
    it('books exactly the 4 seats of a slot when 12 staff and 4 visitors book it at once', async () => {
      const callers = []
      for (let i = 0; i < 12; i++) callers.push(await register({phone: `010-3344-${1000 + i}`}))
      const token = await mintAdminToken(STAFF, new Date(), null)
      const visitors = createRegisterHandler({
        ...visitDeps(),
        sites: testSiteDirectory(),
        env: {...process.env, REGISTER_RATE_LIMIT: '100000'},
        texts: {content: testTextContent},
      })
      const [staffAnswers, visitorAnswers] = await Promise.all([
        Promise.all(callers.map((id) => act(id, {action: 'book', visitAt: SLOT}, null, token))),
        Promise.all(
          Array.from({length: 4}, (_, i) =>
            visitors(
              jsonRequest(validBody({site: SITE, visitAt: SLOT, phone: `010-3355-${1000 + i}`})),
              {ip: '203.0.113.10'},
            ),
          ),
        ),
      ])
      const statuses = [
        ...staffAnswers.map((answer) => answer.status),
        ...visitorAnswers.map((answer) => (answer.status === 201 ? 200 : answer.status)),
      ]
      expect(statuses.filter((status) => status === 200)).toHaveLength(4)
      expect(statuses.filter((status) => status === 409)).toHaveLength(12)
      expect(await bookedSeats(SITE, SLOT)).toBe(4)
      const [visits] = await sql()<{n: number}>`
        SELECT count(*)::int AS n FROM visits WHERE starts_at = ${new Date(SLOT)}`
      expect(visits?.n).toBe(4)
      // A staff booking refused for a full slot leaves the caller as they were.
      const refused = callers.filter((_, i) => staffAnswers[i]!.status === 409)
      const stages = await sql()<{stage: string}>`
        SELECT stage FROM leads WHERE id = ANY(${refused}::uuid[])`
      expect(stages.every((row) => row.stage === 'new')).toBe(true)
    })
  })
})

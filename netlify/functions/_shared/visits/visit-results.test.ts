import {describe, expect, it} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import type {Stats} from '#shared/leads/stats.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {statsHandler} from '../leads/stats.ts'
import {jsonRequest, validBody} from '../leads/testing.ts'
import {checkInHandler} from './arrival.ts'
import {createCancelHandler} from './handlers.ts'
import {runNoShows} from './no-show.ts'
import {
  NOW,
  SITE,
  testHouses,
  testSiteDirectory,
  testTextContent,
  useVisitTestServices,
  visitDeps,
} from './testing.ts'
import {visitToken} from '../auth/visit-link.ts'
import {
  createWaitlistClaimHandler,
  createWaitlistJoinHandler,
} from '../registration/waitlist-handlers.ts'
import {createWalkInHandler} from './walk-in.ts'

/*
 * The dashboard's visit results as the functions record them: bookings, a cancel whose seat
 * the waiting list offers and its first claims, check-ins at the door, the no-show job, a
 * walk-in; then GET /api/admin/stats reads them back.
 */

const context = {ip: '203.0.113.7'}
/** Friday 27 November 2026: the slot of 10:00 is full (4 seats); one more at 16:00. */
const SLOT = '2026-11-27T10:00:00+09:00'
const LATER = '2026-11-27T16:00:00+09:00'
const at = (time: string) => Date.parse(`2026-11-27T${time}:00+09:00`)
const AUTUMN = {utmSource: 'naver', utmCampaign: 'autumn'}

describe('the visit results of the dashboard', () => {
  useVisitTestServices()
  const registerDeps = (now: number) => ({
    ...visitDeps(now),
    sites: testSiteDirectory(),
    env: {...process.env, REGISTER_RATE_LIMIT: '100000'},
    texts: {content: testTextContent},
  })
  const body = (phone: string, visitAt: string, utm: boolean) =>
    jsonRequest(validBody({site: SITE, visitAt, phone, attribution: utm ? AUTUMN : {}}))
  /** Books `visitAt` for `phone`; answers the visit's lead and its link's token. */
  async function book(phone: string, visitAt: string, utm = false) {
    const response = await createRegisterHandler(registerDeps(NOW))(
      body(phone, visitAt, utm),
      context,
    )
    expect(response.status).toBe(201)
    const token = ((await response.json()) as {manageUrl: string}).manageUrl.split('/').at(-1)!
    const [lead] = await sql()<{id: string}>`SELECT id FROM leads WHERE phone = ${phone}`
    return {id: lead!.id, token}
  }
  const staff = (path: string, payload: unknown, token: string) =>
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
      body: JSON.stringify(payload),
    })

  it('counts what the door and the waiting list recorded, not what is still to come', async () => {
    const admin = await mintAdminToken('door@example.com', new Date(), null)
    const booked = [
      await book('010-2000-1001', SLOT, true),
      await book('010-2000-1002', SLOT, true),
      await book('010-2000-1003', SLOT),
      await book('010-2000-1004', SLOT),
    ]
    await book('010-2000-1005', LATER, true)
    // Two wait for the full slot; a cancel offers its seat to the first, who claims it.
    for (const [index, phone] of ['010-3000-1001', '010-3000-1002'].entries()) {
      const joined = await createWaitlistJoinHandler(registerDeps(NOW + (index + 1) * 1000))(
        body(phone, SLOT, index === 0),
        context,
      )
      expect(joined.status).toBe(201)
    }
    const cancelled = await createCancelHandler(visitDeps(NOW + 5000))(
      new Request(`http://localhost/api/visits/${booked[3]!.token}/cancel`, {method: 'POST'}),
      {params: {token: booked[3]!.token}, ip: '198.51.100.7'},
    )
    expect(cancelled.status).toBe(200)
    const [first] = await sql()<{lead_id: string}>`
      SELECT lead_id FROM waitlist_entries WHERE status = 'offered'`
    const claimToken = visitToken(first!.lead_id, process.env, 'owner')
    const claimed = await createWaitlistClaimHandler(visitDeps(NOW + 60_000))(
      new Request(`http://localhost/api/visits/waitlist/${claimToken}/claim`, {method: 'POST'}),
      {params: {token: claimToken}},
    )
    expect(claimed.status).toBe(200)

    // On the day two are checked in at the door; the job marks the other two 노쇼 at 11:00.
    for (const visitor of [booked[0]!, booked[2]!]) {
      const checkedIn = await checkInHandler(
        staff('/api/admin/visits/check-in', {visitId: visitor.id}, admin),
        context,
        at('09:55'),
      )
      expect(checkedIn.status).toBe(200)
    }
    expect(
      await runNoShows({clock: () => at('11:00'), houses: testHouses(), texts: visitDeps().texts}),
    ).toEqual({marked: 2})
    const walkedIn = await createWalkInHandler({
      clock: () => at('11:05'),
      sites: testSiteDirectory(),
    })(
      staff(
        '/api/admin/visits/walk-in',
        {site: SITE, name: '김방문', phone: '010-7777-0101', consent: true},
        admin,
      ),
      context,
    )
    expect(walkedIn.status).toBe(201)
    // A counsellor sets the no-show's stage to 방문완료 by hand: the results do not follow.
    await sql()`UPDATE leads SET stage = 'visited' WHERE phone = '010-2000-1002'`

    const stats = await statsHandler(
      new Request(`http://localhost/api/admin/stats?from=2026-11-27&to=2026-11-27`, {
        headers: {Authorization: `Bearer ${admin}`},
      }),
      context,
      at('12:00'),
    )
    expect(stats.status).toBe(200)
    const {visits} = (await stats.json()) as Stats
    // 16:00 is still to come: four visits are due, not five.
    expect(visits.totals).toEqual({
      due: 4,
      arrived: 2,
      noShows: 2,
      walkIns: 1,
      joined: 2,
      offered: 1,
      claimed: 1,
    })
    expect(visits.perDay.map((day) => day.date)).toEqual(['2026-11-27'])
    expect(
      visits.byUtm.map((row) => [row.utmCampaign, row.due, row.arrived, row.noShows, row.claimed]),
    ).toEqual([
      // The autumn campaign: two booked (one came), and the waiting list's first, who claimed.
      ['autumn', 3, 1, 2, 1],
      [null, 1, 1, 0, 0],
    ])
  })
})

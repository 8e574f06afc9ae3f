import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {funnel} from '#shared/leads/funnel.ts'
import {sql} from '../database.ts'
import {localProvider} from '../texts/provider.ts'
import {seedTextContent} from '../texts/testing.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import type {Stats} from '#shared/leads/stats.ts'
import {statsHandler} from './stats.ts'
import {jsonRequest, testSites, useLeadTestServices, validBody} from './testing.ts'

/** Friday 20 November 2026, 10:00 in Seoul. */
const NOW = Date.parse('2026-11-20T10:00:00+09:00')
const HOUR = 60 * 60 * 1000

describe('GET /api/admin/stats', () => {
  useLeadTestServices()
  const context = {ip: '192.0.2.10'}
  let admin: string

  const get = async (query: string, token = admin) =>
    statsHandler(
      new Request(`http://localhost/api/admin/stats${query}`, {
        headers: {Authorization: `Bearer ${token}`},
      }),
      context,
      NOW,
    )
  const stats = async (query: string, token = admin) => {
    const response = await get(query, token)
    expect(response.status).toBe(200)
    return (await response.json()) as Stats
  }

  /** Registers a lead at `at`, from the campaign `autumn` of naver if `utm`. */
  const register = (at: number, phone: string, site: string, source: string, utm = false) =>
    createRegisterHandler({
      clock: () => at,
      sites: testSites(),
      env: {REGISTER_RATE_LIMIT: '0'},
      texts: {content: seedTextContent, provider: localProvider},
    })(
      jsonRequest(
        validBody({
          phone,
          site,
          source,
          attribution: utm ? {utmSource: 'naver', utmCampaign: 'autumn'} : {},
        }),
      ),
      {ip: '203.0.113.1'},
    )

  beforeEach(async () => {
    admin = await mintAdminToken()
    const leads = [
      // One person twice on daegu on the 18th, another from a campaign on the 19th, one on busan.
      {at: NOW - 48 * HOUR, phone: '010-1000-0001', site: 'daegu', source: 'popup'},
      {at: NOW - 47 * HOUR, phone: '010-1000-0001', site: 'daegu', source: 'customer'},
      {at: NOW - 24 * HOUR, phone: '010-1000-0002', site: 'daegu', source: 'popup', utm: true},
      {at: NOW - 24 * HOUR, phone: '010-1000-0003', site: 'busan', source: 'home'},
      // Outside the range asked for below.
      {at: NOW - 30 * 24 * HOUR, phone: '010-1000-0004', site: 'daegu', source: 'popup'},
    ]
    for (const {at, phone, site, source, utm} of leads) await register(at, phone, site, source, utm)
    await sql()`UPDATE leads SET stage = 'contracted' WHERE phone = '010-1000-0002'`
    await sql()`UPDATE leads SET stage = 'no-show' WHERE phone = '010-1000-0003'`
    await sql()`INSERT INTO visits (lead_id, site, starts_at, status, booked_at, changed_at)
      SELECT id, site, ${new Date(NOW + 26 * HOUR)}, 'booked', created_at, created_at FROM leads
      WHERE phone IN ('010-1000-0002', '010-1000-0003')`
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it(
    'counts leads and people per day, entry point ' + 'and campaign, the funnel and coming visits',
    async () => {
      const result = await stats('?from=2026-11-18&to=2026-11-20')
      expect(result.totals).toEqual({leads: 4, people: 3})
      expect(result.perDay).toEqual([
        {date: '2026-11-18', leads: 2, people: 1},
        {date: '2026-11-19', leads: 2, people: 2},
      ])
      expect(result.bySource).toEqual([
        {source: 'popup', leads: 2, people: 2},
        {source: 'customer', leads: 1, people: 1},
        {source: 'home', leads: 1, people: 1},
      ])
      expect(result.byUtm).toEqual([
        {utmSource: null, utmCampaign: null, leads: 3, people: 2},
        {utmSource: 'naver', utmCampaign: 'autumn', leads: 1, people: 1},
      ])
      expect(result.funnel.map((row) => [row.step, row.leads])).toEqual([
        ['new', 4],
        ['contacted', 2],
        ['booked', 2],
        ['visited', 1],
        ['contracted', 1],
      ])
      expect(result.funnel[1]?.rate).toBe(0.5)
      expect(result.upcomingVisits).toHaveLength(14)
      expect(result.upcomingVisits[0]).toEqual({date: '2026-11-20', visits: 0})
      expect(result.upcomingVisits.at(-1)!.date).toBe('2026-12-03')
      expect(result.upcomingVisits.filter((day) => day.visits > 0)).toEqual([
        {date: '2026-11-21', visits: 2},
      ])
      // The last 30 days by default: the lead of a month ago is left out.
      expect((await stats('')).totals).toEqual({leads: 4, people: 3})
      expect((await stats('?from=2026-10-01&to=2026-11-20')).totals.leads).toBe(5)
    },
  )

  it('shows a counsellor their sites only, and refuses another', async () => {
    const counsellor = await mintAdminToken('busan@example.com', new Date(), ['busan'])
    const result = await stats('?from=2026-11-18&to=2026-11-20', counsellor)
    expect(result.totals).toEqual({leads: 1, people: 1})
    expect(result.upcomingVisits.filter((day) => day.visits > 0)).toEqual([
      {date: '2026-11-21', visits: 1},
    ])
    expect((await get('?site=daegu', counsellor)).status).toBe(403)
    // The refusal is in the audit log, with who asked for what.
    expect(
      await sql()`SELECT actor, detail->>'reason' AS reason, detail->>'path' AS path
        FROM audit_log WHERE action = 'refused'`,
    ).toEqual([{actor: 'busan@example.com', reason: 'site', path: '/api/admin/stats'}])
    expect((await stats('?site=daegu&from=2026-11-18&to=2026-11-20')).totals.leads).toBe(3)
  })

  describe('what became of the visits', () => {
    /** A slot's time in Seoul, on a day of November 2026. */
    const at = (day: number, time: string) => new Date(`2026-11-${day}T${time}:00+09:00`)
    /**
     * A lead (of the campaign if `utm`) with a visit at `start` as the door recorded it: checked
     * in, marked 노쇼, or neither; cancelled; on `site`.
     */
    async function visit(
      phone: string,
      start: Date,
      {
        utm = false,
        arrived = null as Date | null,
        noShow = false,
        status = 'booked',
        site = 'daegu',
      } = {},
    ) {
      expect((await register(NOW - 72 * HOUR, phone, site, 'popup', utm)).status).toBe(201)
      await sql()`INSERT INTO visits (lead_id, site, starts_at, status, booked_at, changed_at,
          arrived_at, arrived_by, no_show_at, no_show_by)
        SELECT id, site, ${start}, ${status}, created_at, created_at, ${arrived},
          ${arrived ? 'door@example.com' : null}, ${noShow ? new Date(NOW) : null},
          ${noShow ? 'schedule' : null}
        FROM leads WHERE phone = ${phone}`
    }
    /** A lead (of the campaign if `utm`) on the waiting list of `start`. */
    async function wait(phone: string, start: Date, status: string, utm = false) {
      expect((await register(NOW - 72 * HOUR, phone, 'daegu', 'popup', utm)).status).toBe(201)
      const offered = status === 'waiting' ? null : new Date(NOW - 30 * HOUR)
      await sql()`INSERT INTO waitlist_entries (lead_id, site, starts_at, phone, joined_at, status,
          offered_at, offer_expires_at, claimed_at)
        SELECT id, site, ${start}, phone, created_at, ${status}, ${offered},
          ${offered && new Date(offered.getTime() + HOUR / 2)},
          ${status === 'claimed' ? new Date(NOW - 29 * HOUR) : null}
        FROM leads WHERE phone = ${phone}`
    }

    beforeEach(async () => {
      // Thursday the 19th, over: one came, one did not, one nobody marked, whose stage a
      // counsellor set to 방문완료 by hand without checking them in.
      await visit('010-2000-0001', at(19, '14:00'), {utm: true, arrived: at(19, '13:55')})
      await visit('010-2000-0002', at(19, '15:00'), {utm: true, noShow: true})
      await visit('010-2000-0003', at(19, '11:00'))
      await sql()`UPDATE leads SET stage = 'visited' WHERE phone = '010-2000-0003'`
      // Cancelled, and a spam lead checked in: neither counts.
      await visit('010-2000-0004', at(19, '16:00'), {utm: true, status: 'cancelled'})
      await visit('010-2000-0005', at(19, '16:00'), {arrived: at(19, '16:00')})
      await sql()`UPDATE leads SET spam_reason = 'too-fast' WHERE phone = '010-2000-0005'`
      // A walk-in on the 19th: an arrival without a booking.
      await visit('010-2000-0006', at(19, '12:30'), {arrived: at(19, '12:30')})
      await sql()`UPDATE leads SET source = 'walk-in' WHERE phone = '010-2000-0006'`
      // Today at 10:00: 09:00 has started, not marked yet; 15:00 is still to come, but one
      // of its visitors came early and was checked in.
      await visit('010-2000-0007', at(20, '09:00'), {utm: true})
      await visit('010-2000-0008', at(20, '15:00'), {utm: true})
      await visit('010-2000-0009', at(20, '15:00'), {utm: true, arrived: at(20, '09:50')})
      // Another site's visit, over and checked in.
      await visit('010-2000-0010', at(19, '14:00'), {site: 'busan', arrived: at(19, '14:01')})
      // The 19th's waiting list: claimed, offered and let run out, still waiting; and one of
      // a slot after the period.
      await wait('010-3000-0001', at(19, '14:00'), 'claimed', true)
      await wait('010-3000-0002', at(19, '14:00'), 'expired')
      await wait('010-3000-0003', at(19, '14:00'), 'waiting')
      await wait('010-3000-0004', at(25, '14:00'), 'waiting', true)
    })

    const outcomes = (due: number, arrived: number, noShows: number, walkIns: number) => ({
      due,
      arrived,
      noShows,
      walkIns,
    })
    const waits = (joined: number, offered: number, claimed: number) => ({joined, offered, claimed})

    it('counts check-ins and no-shows of the slots that have started, and the waiting list', async () => {
      const {visits} = await stats('?from=2026-11-18&to=2026-11-21')
      expect(visits.totals).toEqual({...outcomes(6, 3, 1, 1), ...waits(3, 2, 1)})
      // By the slot's day; the 21st's two visits are still to come and count nowhere.
      expect(visits.perDay).toEqual([
        {date: '2026-11-19', ...outcomes(4, 2, 1, 1), ...waits(3, 2, 1)},
        {date: '2026-11-20', ...outcomes(2, 1, 0, 0), ...waits(0, 0, 0)},
      ])
      expect(visits.byUtm).toEqual([
        {utmSource: 'naver', utmCampaign: 'autumn', ...outcomes(4, 2, 1, 0), ...waits(1, 1, 1)},
        {utmSource: null, utmCampaign: null, ...outcomes(2, 1, 0, 1), ...waits(2, 1, 0)},
      ])
      // The next slot comes due as time passes: at 15:00 the early arrival's neighbour counts.
      const later = await statsHandler(
        new Request('http://localhost/api/admin/stats?from=2026-11-20&to=2026-11-20', {
          headers: {Authorization: `Bearer ${admin}`},
        }),
        context,
        at(20, '15:00').getTime(),
      )
      expect(((await later.json()) as Stats).visits.totals).toMatchObject(outcomes(3, 1, 0, 0))
    })

    it("keeps to the staff member's sites and the period", async () => {
      const counsellor = await mintAdminToken('busan@example.com', new Date(), ['busan'])
      const busan = (await stats('?from=2026-11-18&to=2026-11-21', counsellor)).visits
      expect(busan.totals).toEqual({...outcomes(1, 1, 0, 0), ...waits(0, 0, 0)})
      expect(busan.byUtm).toEqual([
        {utmSource: null, utmCampaign: null, ...outcomes(1, 1, 0, 0), ...waits(0, 0, 0)},
      ])
      const daegu = (await stats('?site=daegu&from=2026-11-18&to=2026-11-21')).visits
      expect(daegu.totals).toMatchObject(outcomes(5, 2, 1, 1))
      // A period of the waiting list's later slot only.
      const later = (await stats('?from=2026-11-25&to=2026-11-25')).visits
      expect(later.totals).toEqual({...outcomes(0, 0, 0, 0), ...waits(1, 0, 0)})
      const empty = (await stats('?from=2026-10-01&to=2026-10-02')).visits
      expect(empty).toEqual({
        totals: {...outcomes(0, 0, 0, 0), ...waits(0, 0, 0)},
        perDay: [],
        byUtm: [],
      })
    })
  })

  it('refuses wrong dates in Korean', async () => {
    for (const query of [
      '?from=2026-13-01',
      '?from=2026-11-20&to=2026-11-01',
      '?from=2020-01-01',
      // A wrong end without a start: the default start is counted from the end.
      '?to=2026-02-30',
      '?to=garbage',
      '?from=2026-11-01&to=11/20',
    ]) {
      const response = await get(query)
      expect(response.status).toBe(400)
      expect(((await response.json()) as {error: string}).error).toBe('조회 조건을 확인해 주세요.')
    }
  })

  it('computes conversion between steps, with no leads a rate of 0', () => {
    expect(funnel({}).map((row) => row.rate)).toEqual([null, 0, 0, 0, 0])
    expect(funnel({new: 2, 'on-hold': 1, contacted: 1}).map((row) => row.leads)).toEqual([
      4, 1, 0, 0, 0,
    ])
  })
})

import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {funnel} from '#shared/leads/funnel.ts'
import {sql} from '../database.ts'
import {localProvider} from '../texts/provider.ts'
import {seedTextContent} from '../texts/testing.ts'
import {createRegisterHandler} from './register-handler.ts'
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
    for (const {at, phone, site, source, utm} of leads)
      await createRegisterHandler({
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

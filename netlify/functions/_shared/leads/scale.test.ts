import {beforeEach, describe, expect, it} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {testDatabaseUrl, withTestDatabase} from '#tests/helpers/test-database.ts'
import {SEED_CAMPAIGNS, seedLeads} from '#scripts/lib/seed-leads.ts'
import {sql} from '../database.ts'
import {listLeadsHandler} from './admin-handlers.ts'
import {leadsCsvHandler} from './export-handlers.ts'
import type {Lead} from '#shared/leads/lead.ts'

// The benchmark's targets at a smaller scale (npm run bench seeds 20,000): every lead
// reachable through the pages, the filters agreeing with the database, the whole CSV.
const COUNT = 5000
const NOW = Date.parse('2026-11-21T03:00:00Z')

describe(`the staff endpoints over ${COUNT.toLocaleString('en')} leads`, () => {
  withTestDatabase()
  let token: string
  const staff = {ip: '192.0.2.20'}
  const get = (path: string) =>
    new Request(`http://localhost${path}`, {headers: {Authorization: `Bearer ${token}`}})

  // Each test starts on an emptied database, sign-ins included.
  beforeEach(async () => {
    token = await mintAdminToken()
  })

  async function allPages(query: string): Promise<Lead[]> {
    const leads: Lead[] = []
    let cursor: string | null = null
    do {
      const response = await listLeadsHandler(
        get(`/api/admin/leads?limit=200&${query}${cursor ? `&cursor=${cursor}` : ''}`),
        staff,
      )
      const page = (await response.json()) as {leads: Lead[]; nextCursor: string | null}
      leads.push(...page.leads)
      cursor = page.nextCursor
    } while (cursor)
    return leads
  }

  it(
    'pages through every lead of a campaign ' + 'once, newest first, and streams the whole CSV',
    async () => {
      await seedLeads(testDatabaseUrl(), {count: COUNT, now: NOW, sites: ['daegu', 'busan']})
      const s = sql()
      const [{n: total} = {n: 0}] = await s<{
        n: number
      }>`SELECT count(*)::int AS n FROM leads WHERE spam_reason IS NULL`
      expect(total).toBeGreaterThan(4900)

      const campaign = SEED_CAMPAIGNS[1]!
      const pages = await allPages(`campaign=${encodeURIComponent(campaign)}`)
      const expected = await s<{
        id: string
      }>`SELECT id FROM leads WHERE utm_campaign = ${campaign} AND spam_reason IS NULL
        ORDER BY created_at DESC, id DESC`
      expect(pages.map((lead) => lead.id)).toEqual(expected.map((row) => row.id))

      const searched = await allPages('q=1234&site=busan')
      const matching = await s<{
        n: number
      }>`SELECT count(*)::int AS n FROM leads
        WHERE replace(phone, '-', '') LIKE '%1234%' AND site = 'busan' AND spam_reason IS NULL`
      expect(searched).toHaveLength(matching[0]!.n)
      expect(searched.every((lead) => lead.phone.replaceAll('-', '').includes('1234'))).toBe(true)

      const csv = await (
        await leadsCsvHandler(get('/api/admin/leads.csv?reason=통계·보고'), staff, NOW)
      ).text()
      expect(csv.trim().split('\r\n')).toHaveLength(total + 1)
    },
  )
})

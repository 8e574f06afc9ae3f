import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken, TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import type {Lead} from '#shared/leads/lead.ts'
import {sql} from '../database.ts'
import {zipEntries} from '#tests/helpers/zip-entries.ts'
import {
  deleteLeadHandler,
  leadHandler,
  listLeadsHandler,
  resendLeadHandler,
} from '../leads/admin-handlers.ts'
import {leadsZipHandler} from '../leads/export-handlers.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {
  DELIVERY_TIMEOUT_MS,
  jsonRequest,
  storedLeads,
  testSites,
  useLeadTestServices,
  validBody,
} from '../leads/testing.ts'
import {listTextsHandler} from '../texts/outbox-list-handler.ts'
import {localProvider} from '../texts/provider.ts'
import {seedTextContent} from '../texts/testing.ts'
import {listVisitsHandler} from '../visits/admin.ts'

/*
 * A counsellor of one site (`busan`) reads, exports and changes only that site's leads;
 * an administrator's token (no sites) sees both. One test per staff endpoint.
 */

const START = Date.parse('2026-11-20T01:00:00Z')
const VISIT = new Date('2026-11-21T02:00:00Z')

describe('staff endpoints limited to the staff member’s sites', () => {
  const service = useLeadTestServices()
  const context = {ip: '192.0.2.10'}
  let counsellor: string
  let admin: string

  const request = (path: string, token: string, method = 'GET') =>
    new Request(`http://localhost${path}`, {method, headers: {Authorization: `Bearer ${token}`}})
  const leadOf = async (site: string) => (await storedLeads()).find((lead) => lead.site === site)!
  const namesIn = async (response: Response) => {
    expect(response.status).toBe(200)
    return ((await response.json()) as {leads: Lead[]}).leads.map((lead) => lead.name).sort()
  }

  beforeEach(async () => {
    vi.stubEnv('FORM_FORWARD_URL', `${service.url}/leads`)
    admin = await mintAdminToken()
    counsellor = await mintAdminToken('busan@example.com', new Date(), ['busan'])
    // Delivery fails at registration, so that each lead can be re-sent.
    service.setMode('fail')
    const leads = [
      {name: '김대구', phone: '010-1111-0001', site: 'daegu', utm: 'daegu-fall'},
      {name: '박부산', phone: '010-2222-0002', site: 'busan', utm: 'busan-fall'},
    ]
    for (const [i, {name, phone, site, utm}] of leads.entries())
      await createRegisterHandler({
        clock: () => START + i * 60_000,
        sites: testSites(),
        env: {
          FORM_FORWARD_URL: `${service.url}/leads`,
          REGISTER_RATE_LIMIT: '0',
          AUTH_SECRET: TEST_AUTH_SECRET,
        },
        texts: {content: seedTextContent, provider: localProvider},
        deliveryTimeoutMs: DELIVERY_TIMEOUT_MS,
      })(jsonRequest(validBody({name, phone, site, attribution: {utmCampaign: utm}})), {
        ip: '203.0.113.1',
      })
    await sql()`INSERT INTO visits (lead_id, site, starts_at, status, booked_at, changed_at)
      SELECT id, site, ${VISIT}, 'booked', created_at, created_at FROM leads`
    service.setMode('ok')
    service.reset()
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('GET /api/admin/leads lists only their sites, and refuses another site', async () => {
    const own = await listLeadsHandler(request('/api/admin/leads', counsellor), context)
    const page = (await own.clone().json()) as {campaigns: string[]}
    expect(await namesIn(own)).toEqual(['박부산'])
    expect(page.campaigns).toEqual(['busan-fall'])
    const other = await listLeadsHandler(
      request('/api/admin/leads?site=daegu', counsellor),
      context,
    )
    expect(other.status).toBe(403)
    expect(await other.json()).toMatchObject({ok: false, error: expect.stringMatching(/권한/)})
    const all = await listLeadsHandler(request('/api/admin/leads', admin), context)
    expect(await namesIn(all)).toEqual(['김대구', '박부산'])
  })

  it('POST /api/admin/leads.zip exports only their sites', async () => {
    const zip = (token: string, filters: Record<string, string> = {}) =>
      leadsZipHandler(
        new Request('http://localhost/api/admin/leads.zip', {
          method: 'POST',
          headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
          body: JSON.stringify({
            reason: '방문 상담 준비',
            columns: ['name'],
            password: 'busan-2026',
            passwordConfirm: 'busan-2026',
            filters,
          }),
        }),
        context,
      )
    const own = await zip(counsellor)
    const [entry] = await zipEntries(new Uint8Array(await own.arrayBuffer()), 'busan-2026')
    expect(entry!.text).toContain('박부산')
    expect(entry!.text).not.toContain('김대구')
    expect((await zip(counsellor, {site: 'daegu'})).status).toBe(403)
  })

  it('DELETE /api/admin/leads/:id cannot delete another site’s lead', async () => {
    const daegu = await leadOf('daegu')
    const refused = await deleteLeadHandler(
      request(`/api/admin/leads/${daegu.id}`, counsellor, 'DELETE'),
      {...context, params: {id: daegu.id}},
    )
    expect(refused.status).toBe(404)
    expect((await storedLeads()).map((lead) => lead.name).sort()).toEqual(['김대구', '박부산'])
    const busan = await leadOf('busan')
    const deleted = await deleteLeadHandler(
      request(`/api/admin/leads/${busan.id}`, counsellor, 'DELETE'),
      {...context, params: {id: busan.id}},
    )
    expect(deleted.status).toBe(200)
    expect((await storedLeads()).map((lead) => lead.name)).toEqual(['김대구'])
  })

  it('POST /api/admin/leads/:id/resend cannot send another site’s lead', async () => {
    const daegu = await leadOf('daegu')
    const refused = await resendLeadHandler(
      request(`/api/admin/leads/${daegu.id}/resend`, counsellor, 'POST'),
      {...context, params: {id: daegu.id}},
    )
    expect(refused.status).toBe(404)
    expect(service.received).toHaveLength(0)
    const busan = await leadOf('busan')
    const sent = await resendLeadHandler(
      request(`/api/admin/leads/${busan.id}/resend`, counsellor, 'POST'),
      {...context, params: {id: busan.id}},
    )
    expect(await sent.json()).toMatchObject({ok: true, delivered: true})
    expect(service.received.map((lead) => lead.name)).toEqual(['박부산'])
  })

  it('GET and PATCH /api/admin/leads/:id neither show nor change another site’s lead', async () => {
    const daegu = await leadOf('daegu')
    const patch = (id: string) =>
      new Request(`http://localhost/api/admin/leads/${id}`, {
        method: 'PATCH',
        headers: {Authorization: `Bearer ${counsellor}`, 'Content-Type': 'application/json'},
        body: JSON.stringify({stage: 'contacted', note: '통화함'}),
      })
    const opened = await leadHandler(request(`/api/admin/leads/${daegu.id}`, counsellor), {
      ...context,
      params: {id: daegu.id},
    })
    expect(opened.status).toBe(404)
    const changed = await leadHandler(patch(daegu.id), {...context, params: {id: daegu.id}})
    expect(changed.status).toBe(404)
    expect((await leadOf('daegu')).stage).toBe('new')
    expect(await sql()`SELECT * FROM lead_notes`).toEqual([])
    const busan = await leadOf('busan')
    const own = await leadHandler(patch(busan.id), {...context, params: {id: busan.id}})
    expect(own.status).toBe(200)
    expect((await leadOf('busan')).stage).toBe('contacted')
  })

  it('GET /api/admin/visits lists only their sites’ visits', async () => {
    const own = await listVisitsHandler(
      request('/api/admin/visits?from=2026-11-21&days=1', counsellor),
      context,
    )
    const {items} = (await own.json()) as {items: Array<{name: string}>}
    expect(items.map((item) => item.name)).toEqual(['박부산'])
    const other = await listVisitsHandler(
      request('/api/admin/visits?from=2026-11-21&days=1&site=daegu', counsellor),
      context,
    )
    expect(other.status).toBe(403)
    const all = await listVisitsHandler(
      request('/api/admin/visits?from=2026-11-21&days=1', admin),
      context,
    )
    expect(((await all.json()) as {items: unknown[]}).items).toHaveLength(2)
  })

  it('GET /api/admin/messages shows only texts of their sites’ leads', async () => {
    const own = await listTextsHandler(request('/api/admin/messages', counsellor), context)
    const {items} = (await own.json()) as {items: Array<{to: string}>}
    expect(items.map((item) => item.to)).toEqual(['010-2222-0002'])
    const asked = await listTextsHandler(
      request('/api/admin/messages?to=01011110001', counsellor),
      context,
    )
    expect(((await asked.json()) as {items: unknown[]}).items).toEqual([])
    const all = await listTextsHandler(request('/api/admin/messages', admin), context)
    expect(((await all.json()) as {items: unknown[]}).items).toHaveLength(2)
  })
})

import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken} from '../../../../tests/helpers/admin-token.ts'
import {leadsCsvHandler, listLeadsHandler, resendLeadHandler} from './admin-handlers.ts'
import type {Lead} from './lead.ts'
import {createRegisterHandler} from './register-handler.ts'
import {jsonRequest, storedLeads, testSites, useLeadTestServices, validBody} from './testing.ts'

const DAY = 24 * 60 * 60 * 1000
const START = Date.parse('2026-11-01T03:00:00Z')

describe('staff endpoints', () => {
  const service = useLeadTestServices()
  let token: string
  let now: number

  const get = (path: string, auth = true) =>
    new Request(`http://localhost${path}`, {headers: auth ? {Authorization: `Bearer ${token}`} : {}})
  const list = async (query = ''): Promise<{leads: Lead[]; nextCursor: string | null}> => {
    const response = await listLeadsHandler(get(`/api/admin/leads${query}`))
    expect(response.status).toBe(200)
    return (await response.json()) as {leads: Lead[]; nextCursor: string | null}
  }

  beforeEach(async () => {
    vi.stubEnv('FORM_FORWARD_URL', `${service.url}/leads`)
    token = await mintAdminToken()
    // Seven leads a day apart: daegu on even days, busan on odd ones; day 3 failed delivery; one spam.
    const register = createRegisterHandler({clock: () => now, sites: testSites(), env: {FORM_FORWARD_URL: `${service.url}/leads`, REGISTER_RATE_LIMIT: '1000'}, deliveryTimeoutMs: 300})
    for (let day = 0; day < 7; day++) {
      now = START + day * DAY
      service.setMode(day === 3 ? 'fail' : 'ok')
      await register(jsonRequest(validBody({name: `방문객${day}`, site: day % 2 ? 'busan' : 'daegu'})), {ip: '10.0.0.1'})
    }
    service.setMode('ok')
    await register(jsonRequest(validBody({name: '스팸', website: 'x'})), {ip: '10.0.0.1'})
    service.reset()
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('refuses without a valid administrator token', async () => {
    const response = await listLeadsHandler(get('/api/admin/leads', false))
    expect(response.status).toBe(401)
    expect(((await response.json()) as {error: string}).error).toBe('로그인이 필요합니다.')
    expect((await leadsCsvHandler(get('/api/admin/leads.csv', false))).status).toBe(401)
    const resend = await resendLeadHandler(new Request('http://localhost/api/admin/leads/x/resend', {method: 'POST'}), {params: {id: 'x'}})
    expect(resend.status).toBe(401)
  })

  it('lists newest first and pages with a cursor', async () => {
    const first = await list('?limit=3')
    expect(first.leads.map((lead) => lead.name)).toEqual(['방문객6', '방문객5', '방문객4'])
    const second = await list(`?limit=3&cursor=${first.nextCursor}`)
    expect(second.leads.map((lead) => lead.name)).toEqual(['방문객3', '방문객2', '방문객1'])
    const third = await list(`?limit=3&cursor=${second.nextCursor}`)
    expect(third).toEqual({ok: true, leads: [expect.objectContaining({name: '방문객0'})], nextCursor: null})
  })

  it('filters by site, Seoul date range and delivery status', async () => {
    expect((await list('?site=busan')).leads.map((lead) => lead.name)).toEqual(['방문객5', '방문객3', '방문객1'])
    expect((await list('?from=2026-11-02&to=2026-11-04')).leads.map((lead) => lead.name)).toEqual(['방문객3', '방문객2', '방문객1'])
    expect((await list('?status=failed')).leads.map((lead) => lead.name)).toEqual(['방문객3'])
    const delivered = await list('?status=delivered&limit=2')
    expect(delivered.leads.map((lead) => lead.name)).toEqual(['방문객6', '방문객5'])
    expect((await list(`?status=delivered&limit=2&cursor=${delivered.nextCursor}`)).leads.map((lead) => lead.name)).toEqual(['방문객4', '방문객2'])
  })

  it('keeps the spam pile apart', async () => {
    expect((await list()).leads.some((lead) => lead.name === '스팸')).toBe(false)
    expect((await list('?spam=1')).leads.map((lead) => [lead.name, lead.spam])).toEqual([['스팸', 'honeypot']])
  })

  it('answers 400 with a message per wrong filter', async () => {
    const response = await listLeadsHandler(get('/api/admin/leads?from=2026-13-01&status=lost&limit=999&cursor=abc'))
    expect(response.status).toBe(400)
    expect(Object.keys(((await response.json()) as {fields: Record<string, string>}).fields).sort()).toEqual(['cursor', 'from', 'limit', 'status'])
  })

  it('downloads the filtered leads as CSV', async () => {
    const response = await leadsCsvHandler(get('/api/admin/leads.csv?site=daegu'), () => START)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="leads-20261101.csv"')
    const text = new TextDecoder('utf-8', {ignoreBOM: true}).decode(await response.arrayBuffer())
    expect(text.startsWith('\uFEFF접수번호')).toBe(true)
    const rows = text.trim().split('\r\n')
    expect(rows).toHaveLength(5)
    expect(rows[1]).toContain('방문객6')
    expect(rows[1]).toContain('"=""010-1234-5678"""')
  })

  it('re-sends a failed delivery at once, and refuses to send a delivered one again', async () => {
    const failed = (await storedLeads()).find((lead) => lead.delivery.status === 'failed')!
    const resend = (id: string) => resendLeadHandler(new Request(`http://localhost/api/admin/leads/${id}/resend`, {method: 'POST', headers: {Authorization: `Bearer ${token}`}}), {params: {id}})
    const response = await resend(failed.id)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ok: true, delivered: true, lead: {id: failed.id, delivery: {status: 'delivered', attempts: 2}}})
    expect(service.received.map((received) => received.idempotencyKey)).toEqual([failed.id])
    expect((await resend(failed.id)).status).toBe(409)
    expect((await resend('no-such-lead')).status).toBe(404)
  })
})

import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {sql} from '../database.ts'
import {deleteLeadHandler, listLeadsHandler, resendLeadHandler} from './admin-handlers.ts'
import {leadsCsvHandler} from './export-handlers.ts'
import type {Lead} from '#shared/leads/lead.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {
  DELIVERY_TIMEOUT_MS,
  jsonRequest,
  storedLeads,
  testSites,
  useLeadTestServices,
  validBody,
} from './testing.ts'

const DAY = 24 * 60 * 60 * 1000
const START = Date.parse('2026-11-01T03:00:00Z')
/** The purpose every CSV of these tests states. */
const REASON = `reason=${encodeURIComponent('통계·보고')}`

interface Page {
  leads: Lead[]
  nextCursor: string | null
  campaigns?: string[]
}

describe('staff endpoints', () => {
  const service = useLeadTestServices()
  const staff = {ip: '192.0.2.10'}
  let token: string
  let now: number

  const get = (path: string, auth = true) =>
    new Request(`http://localhost${path}`, {
      headers: auth ? {Authorization: `Bearer ${token}`} : {},
    })
  const action = (method: string, path: string, id: string, auth = true) =>
    new Request(`http://localhost/api/admin/leads/${id}${path}`, {
      method,
      headers: auth ? {Authorization: `Bearer ${token}`} : {},
    })
  const list = async (query = ''): Promise<Page> => {
    const response = await listLeadsHandler(get(`/api/admin/leads${query}`), staff)
    expect(response.status).toBe(200)
    return (await response.json()) as Page
  }
  const names = async (query = '') => (await list(query)).leads.map((lead) => lead.name)
  const csvText = async (response: Response) =>
    new TextDecoder('utf-8', {ignoreBOM: true}).decode(await response.arrayBuffer())

  beforeEach(async () => {
    vi.stubEnv('FORM_FORWARD_URL', `${service.url}/leads`)
    token = await mintAdminToken()
    // Seven leads a day apart: daegu on even days, busan on odd ones; day 3 failed delivery;
    // from the customer page on days 1 and 2; from an 'autumn' campaign on days 4 and 5; one spam.
    const register = createRegisterHandler({
      clock: () => now,
      sites: testSites(),
      env: {FORM_FORWARD_URL: `${service.url}/leads`, REGISTER_RATE_LIMIT: '1000'},
      deliveryTimeoutMs: DELIVERY_TIMEOUT_MS,
    })
    for (let day = 0; day < 7; day++) {
      now = START + day * DAY
      service.setMode(day === 3 ? 'fail' : 'ok')
      const extra = {
        name: `방문객${day}`,
        phone: `010-1234-${5670 + day}`,
        site: day % 2 ? 'busan' : 'daegu',
        source: day === 1 || day === 2 ? 'customer' : 'popup',
        attribution:
          day === 4 || day === 5
            ? {utmSource: 'naver', utmCampaign: 'autumn', landingPath: '/Brand/intro'}
            : {},
      }
      await register(jsonRequest(validBody(extra)), {ip: '10.0.0.1'})
    }
    service.setMode('ok')
    await register(jsonRequest(validBody({name: '스팸', website: 'x'})), {ip: '10.0.0.1'})
    service.reset()
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('refuses without a valid administrator token, and changes and logs nothing', async () => {
    const response = await listLeadsHandler(get('/api/admin/leads', false), staff)
    expect(response.status).toBe(401)
    expect(((await response.json()) as {error: string}).error).toBe('로그인이 필요합니다.')
    expect(
      (await leadsCsvHandler(get(`/api/admin/leads.csv?${REASON}`, false), staff)).status,
    ).toBe(401)
    const [lead] = await storedLeads()
    expect(
      (
        await resendLeadHandler(action('POST', '/resend', lead!.id, false), {
          ...staff,
          params: {id: lead!.id},
        })
      ).status,
    ).toBe(401)
    expect(
      (
        await deleteLeadHandler(action('DELETE', '', lead!.id, false), {
          ...staff,
          params: {id: lead!.id},
        })
      ).status,
    ).toBe(401)
    expect(await storedLeads()).toHaveLength(7)
    expect(await sql()`SELECT action FROM audit_log`).toEqual([])
  })

  it('lists newest first and pages with a cursor', async () => {
    const first = await list('?limit=3')
    expect(first.leads.map((lead) => lead.name)).toEqual(['방문객6', '방문객5', '방문객4'])
    const second = await list(`?limit=3&cursor=${first.nextCursor}`)
    expect(second.leads.map((lead) => lead.name)).toEqual(['방문객3', '방문객2', '방문객1'])
    const third = await list(`?limit=3&cursor=${second.nextCursor}`)
    expect(third).toEqual({
      ok: true,
      leads: [expect.objectContaining({name: '방문객0'})],
      nextCursor: null,
    })
  })

  it(
    'filters by site, Seoul date range, source, ' + 'delivery status and campaign, together',
    async () => {
      expect(await names('?site=busan')).toEqual(['방문객5', '방문객3', '방문객1'])
      expect(await names('?from=2026-11-02&to=2026-11-04')).toEqual([
        '방문객3',
        '방문객2',
        '방문객1',
      ])
      expect(await names('?source=customer')).toEqual(['방문객2', '방문객1'])
      expect(await names('?status=failed')).toEqual(['방문객3'])
      expect(await names('?campaign=autumn')).toEqual(['방문객5', '방문객4'])
      expect(await names('?campaign=autumn&site=daegu')).toEqual(['방문객4'])
      expect(await names('?campaign=Autumn')).toEqual([])
      const delivered = await list('?status=delivered&limit=2')
      expect(delivered.leads.map((lead) => lead.name)).toEqual(['방문객6', '방문객5'])
      expect(await names(`?status=delivered&limit=2&cursor=${delivered.nextCursor}`)).toEqual([
        '방문객4',
        '방문객2',
      ])
    },
  )

  it(
    'searches names and phone numbers, with or ' + 'without hyphens, taking the search literally',
    async () => {
      expect(await names(`?q=${encodeURIComponent('객3')}`)).toEqual(['방문객3'])
      expect(await names('?q=5675')).toEqual(['방문객5'])
      expect(await names('?q=010-1234-5672')).toEqual(['방문객2'])
      expect(await names('?q=0101234567')).toHaveLength(7)
      for (const literal of ['%', '_', "' OR 1=1 --", '\\'])
        expect(await names(`?q=${encodeURIComponent(literal)}`)).toEqual([])
    },
  )

  it("offers the campaigns leads came with, and shows each lead's attribution", async () => {
    const first = await list()
    expect(first.campaigns).toEqual(['autumn'])
    expect(first.leads.find((lead) => lead.name === '방문객5')?.attribution).toEqual({
      utmSource: 'naver',
      utmCampaign: 'autumn',
      landingPath: '/Brand/intro',
    })
    expect(first.leads.find((lead) => lead.name === '방문객6')?.attribution).toEqual({})
    expect(
      (await list(`?limit=2&cursor=${(await list('?limit=2')).nextCursor}`)).campaigns,
    ).toBeUndefined()
  })

  it('keeps the spam pile apart', async () => {
    expect(await names()).not.toContain('스팸')
    expect((await list('?spam=1')).leads.map((lead) => [lead.name, lead.spam])).toEqual([
      ['스팸', 'honeypot'],
    ])
  })

  it('answers 400 with a message per wrong filter', async () => {
    const query =
      'from=2026-13-01&status=lost&source=fax&limit=999&cursor=abc&q=' + `${'가'.repeat(101)}`
    const response = await listLeadsHandler(get(`/api/admin/leads?${query}`), staff)
    expect(response.status).toBe(400)
    expect(
      Object.keys(((await response.json()) as {fields: Record<string, string>}).fields).sort(),
    ).toEqual(['cursor', 'from', 'limit', 'q', 'source', 'status'])
  })

  it('answers 400, never 503, for a tampered cursor, on the list and on the CSV', async () => {
    const leadId = (await list('?limit=1')).leads[0]?.id
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    // Each parses as a JavaScript date, none as a Postgres timestamp, or names no lead id.
    for (const cursor of [
      forged(['0', leadId]),
      forged(['1', leadId]),
      forged(['Tue', leadId]),
      forged(['0000-01-01T00:00:00.000Z', leadId]),
      forged(['-271821-04-20T00:00:00.000Z', leadId]),
      forged(['2026-11-01T03:00:00.000Z', 'not-a-uuid']),
      forged({createdAt: '2026-11-01T03:00:00.000Z'}),
      '%%%',
    ]) {
      for (const path of ['/api/admin/leads', '/api/admin/leads.csv']) {
        const handler = path.endsWith('.csv') ? leadsCsvHandler : listLeadsHandler
        const query = `cursor=${encodeURIComponent(cursor)}&reason=${encodeURIComponent('점검')}`
        const response = await handler(get(`${path}?${query}`), staff)
        expect(response.status, `${path} ${cursor}`).toBe(400)
        expect(await response.json()).toMatchObject({
          ok: false,
          fields: {cursor: '페이지 정보가 올바르지 않습니다. 처음부터 다시 조회해 주세요.'},
        })
      }
    }
  })

  it('logs who listed and exported what, and when', async () => {
    now = START + 10 * DAY
    await listLeadsHandler(
      get(`/api/admin/leads?campaign=autumn&q=${encodeURIComponent('방')}`),
      staff,
      now,
    )
    await csvText(
      await leadsCsvHandler(get(`/api/admin/leads.csv?site=busan&${REASON}`), staff, now),
    )
    expect(await sql()`SELECT at, actor, action, detail FROM audit_log ORDER BY id`).toEqual([
      {
        at: new Date(now),
        actor: 'admin@example.com',
        action: 'list',
        detail: {campaign: 'autumn', q: '방'},
      },
      {
        at: new Date(now),
        actor: 'admin@example.com',
        action: 'export',
        detail: {
          site: 'busan',
          reason: '통계·보고',
          columns: expect.arrayContaining(['name', 'phone']) as unknown,
          format: 'csv',
          count: 3,
        },
      },
    ])
  })

  it('downloads the filtered leads as CSV, attribution included', async () => {
    const response = await leadsCsvHandler(
      get(`/api/admin/leads.csv?site=daegu&${REASON}`),
      staff,
      START,
      3,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="leads-20261101.csv"; ' +
        `filename*=UTF-8''${encodeURIComponent('문의목록-20261101.csv')}`,
    )
    const text = await csvText(response)
    expect(text.startsWith('\uFEFF접수번호')).toBe(true)
    const rows = text.trim().split('\r\n')
    expect(rows.slice(1).map((row) => /방문객\d/.exec(row)?.[0])).toEqual([
      '방문객6',
      '방문객4',
      '방문객2',
      '방문객0',
    ])
    expect(rows[1]).toContain('"=""010-1234-5676"""')
    const campaign = await csvText(
      await leadsCsvHandler(get(`/api/admin/leads.csv?campaign=autumn&${REASON}`), staff, START),
    )
    expect(campaign).toContain(',naver,,autumn,,,/Brand/intro,,')
  })

  it(
    'streams the CSV in batches, reading each ' + 'from the database only as the download goes on',
    async () => {
      const response = await leadsCsvHandler(get(`/api/admin/leads.csv?${REASON}`), staff, START, 2)
      const reader = response.body!.getReader()
      const decoder = new TextDecoder()
      const first = decoder.decode((await reader.read()).value)
      expect(first.trim().split('\r\n')).toHaveLength(3)
      // A lead older than all the others, stored after the download began: a stream that
      // had read everything at the start would not have it.
      now = START - DAY
      const register = createRegisterHandler({
        clock: () => now,
        sites: testSites(),
        env: {REGISTER_RATE_LIMIT: '1000'},
      })
      await register(jsonRequest(validBody({name: '나중에'})), {ip: '10.0.0.2'})
      const parts = [first]
      for (let part = await reader.read(); !part.done; part = await reader.read())
        parts.push(decoder.decode(part.value))
      const rows = parts.join('').trim().split('\r\n')
      expect(rows).toHaveLength(9)
      expect(rows.at(-1)).toContain('나중에')
    },
  )

  it(
    're-sends a failed delivery at once, and ' + 'refuses to send a delivered one or spam',
    async () => {
      const failed = (await storedLeads()).find((lead) => lead.delivery.status === 'failed')!
      const resend = (id: string) =>
        resendLeadHandler(action('POST', '/resend', id), {...staff, params: {id}})
      const response = await resend(failed.id)
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({
        ok: true,
        delivered: true,
        lead: {id: failed.id, delivery: {status: 'delivered', attempts: 2}},
      })
      expect(service.received.map((received) => received.idempotencyKey)).toEqual([failed.id])
      expect((await resend(failed.id)).status).toBe(409)
      expect((await resend('no-such-lead')).status).toBe(404)
      expect((await resend('00000000-0000-4000-8000-000000000000')).status).toBe(404)
      const [spam] = await storedLeads('spam')
      expect(await (await resend(spam!.id)).json()).toEqual({
        ok: false,
        error: '스팸으로 분류된 문의는 다시 보낼 수 없습니다.',
      })
      expect(await sql()`SELECT action, lead_id FROM audit_log`).toEqual([
        {action: 'resend', lead_id: failed.id},
      ])
    },
  )

  it("deletes a lead at the staff's request, logging the receipt it had", async () => {
    const [lead] = await storedLeads()
    const remove = (id: string) =>
      deleteLeadHandler(action('DELETE', '', id), {...staff, params: {id}}, START + 10 * DAY)
    expect(await (await remove(lead!.id)).json()).toEqual({ok: true, receipt: lead!.receipt})
    expect((await storedLeads()).map((stored) => stored.id)).not.toContain(lead!.id)
    expect(
      await sql()`SELECT count(*)::int AS n FROM lead_deliveries WHERE lead_id = ${lead!.id}::uuid`,
    ).toEqual([{n: 0}])
    expect((await remove(lead!.id)).status).toBe(404)
    expect(await sql()`SELECT actor, action, lead_id, detail FROM audit_log`).toEqual([
      {
        actor: 'admin@example.com',
        action: 'delete',
        lead_id: lead!.id,
        detail: {receipt: lead!.receipt},
      },
    ])
  })
})

import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import type {Lead} from '#shared/leads/lead.ts'
import {sql} from '../database.ts'
import {leadHandler, listLeadsHandler} from './admin-handlers.ts'
import {leadsCsvHandler} from './export-handlers.ts'
import {localProvider} from '../texts/provider.ts'
import {seedTextContent} from '../texts/testing.ts'
import type {LeadDetail} from '#shared/leads/lead-detail.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, testSites, useLeadTestServices, validBody} from './testing.ts'

const DAY = 24 * 60 * 60 * 1000
const START = Date.parse('2026-11-01T03:00:00Z')
const AT = START + 40 * DAY

describe('the pipeline of a lead: GET and PATCH /api/admin/leads/:id', () => {
  useLeadTestServices()
  const context = {ip: '192.0.2.10'}
  let token: string

  const call = (id: string, method: string, body?: unknown, auth = token) =>
    leadHandler(
      new Request(`http://localhost/api/admin/leads/${id}`, {
        method,
        headers: {
          Authorization: `Bearer ${auth}`,
          ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      {...context, params: {id}},
      AT,
    )
  const leadNamed = async (name: string) =>
    (await storedLeads()).find((lead) => lead.name === name)!
  const audit = () =>
    sql()<{action: string; actor: string; at: Date; lead_id: string; detail: unknown}>`
      SELECT action, actor, at, lead_id, detail FROM audit_log
      WHERE action IN ('stage', 'note') ORDER BY at, action DESC, id`

  beforeEach(async () => {
    token = await mintAdminToken()
    // The same phone on daegu on day 0 and day 20 (one person), on day 60 (too late to be
    // the same registration run), and on busan on day 5 (another site).
    const registrations = [
      {day: 0, name: '첫등록', site: 'daegu'},
      {day: 5, name: '부산', site: 'busan'},
      {day: 20, name: '재등록', site: 'daegu'},
      {day: 60, name: '한참뒤', site: 'daegu'},
    ]
    for (const {day, name, site} of registrations)
      await createRegisterHandler({
        clock: () => START + day * DAY,
        sites: testSites(),
        env: {REGISTER_RATE_LIMIT: '0'},
        texts: {content: seedTextContent, provider: localProvider},
      })(jsonRequest(validBody({name, site, phone: '010-5555-0001'})), {ip: '203.0.113.1'})
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('changes the stage and adds a note, each audited with who and when', async () => {
    const lead = await leadNamed('첫등록')
    const response = await call(lead.id, 'PATCH', {stage: 'contacted', note: ' 오후에 다시 연락 '})
    expect(response.status).toBe(200)
    const detail = (await response.json()) as LeadDetail
    expect(detail.lead.stage).toBe('contacted')
    expect(detail.notes).toEqual([
      {at: new Date(AT).toISOString(), author: 'admin@example.com', text: '오후에 다시 연락'},
    ])
    expect(detail.stages).toEqual([
      {at: new Date(AT).toISOString(), actor: 'admin@example.com', from: 'new', to: 'contacted'},
    ])
    expect(await audit()).toEqual([
      {
        action: 'stage',
        actor: 'admin@example.com',
        at: new Date(AT),
        lead_id: lead.id,
        detail: {from: 'new', to: 'contacted'},
      },
      {
        action: 'note',
        actor: 'admin@example.com',
        at: new Date(AT),
        lead_id: lead.id,
        detail: {note: expect.any(Number)},
      },
    ])
    // The same stage again changes nothing and logs no change; a note alone is kept.
    await call(lead.id, 'PATCH', {stage: 'contacted'})
    const second = (await (
      await call(lead.id, 'PATCH', {note: '계약 의사 있음'})
    ).json()) as LeadDetail
    expect(second.notes.map((note) => note.text)).toEqual(['오후에 다시 연락', '계약 의사 있음'])
    expect((await audit()).map((row) => row.action)).toEqual(['stage', 'note', 'note'])
  })

  it(
    'refuses an unknown stage, an empty note or ' + 'an empty change in Korean, storing nothing',
    async () => {
      const lead = await leadNamed('첫등록')
      const unknown = await call(lead.id, 'PATCH', {stage: 'won', note: '메모'})
      expect(unknown.status).toBe(400)
      const body = (await unknown.json()) as {ok: boolean; error: string; fields: {stage: string}}
      expect(body).toMatchObject({ok: false, error: '진행 단계를 확인해 주세요.'})
      expect(body.fields.stage).toContain('계약(contracted)')
      for (const wrong of [
        {note: '   '},
        {note: ' \u200b '},
        {note: '\u3000\u2060\u3164\ufeff'},
        {note: 'x'.repeat(2001)},
        {note: 3},
        {},
        [],
      ]) {
        const answer = await call(lead.id, 'PATCH', wrong)
        expect(answer.status).toBe(400)
        expect(((await answer.json()) as {error: string}).error).toMatch(/[가-힣]/)
      }
      expect((await call(lead.id, 'POST')).status).toBe(405)
      expect((await leadNamed('첫등록')).stage).toBe('new')
      expect(await audit()).toEqual([])
      expect(await sql()`SELECT * FROM lead_notes`).toEqual([])
    },
  )

  it('shows one person’s registrations on one site within 30 days together', async () => {
    const lead = await leadNamed('재등록')
    const detail = (await (await call(lead.id, 'GET')).json()) as LeadDetail
    expect(detail.lead.repeats).toBe(1)
    expect(detail.related.map((other) => other.name)).toEqual(['첫등록'])
    const list = (await (
      await listLeadsHandler(
        new Request('http://localhost/api/admin/leads', {
          headers: {Authorization: `Bearer ${token}`},
        }),
        context,
      )
    ).json()) as {leads: Lead[]}
    expect(Object.fromEntries(list.leads.map((one) => [one.name, one.repeats]))).toEqual({
      한참뒤: 0,
      재등록: 1,
      부산: 0,
      첫등록: 1,
    })
  })

  it('filters the list and the CSV by stage', async () => {
    await call((await leadNamed('부산')).id, 'PATCH', {stage: 'booked'})
    const get = (path: string) =>
      new Request(`http://localhost${path}`, {headers: {Authorization: `Bearer ${token}`}})
    const list = (await (
      await listLeadsHandler(get('/api/admin/leads?stage=booked'), context)
    ).json()) as {leads: Lead[]}
    expect(list.leads.map((lead) => [lead.name, lead.stage])).toEqual([['부산', 'booked']])
    const csv = await (
      await leadsCsvHandler(get('/api/admin/leads.csv?stage=booked&reason=통계·보고'), context)
    ).text()
    expect(csv).toContain('방문예약')
    expect(csv.trim().split('\r\n')).toHaveLength(2)
    const wrong = await listLeadsHandler(get('/api/admin/leads?stage=won'), context)
    expect(wrong.status).toBe(400)
  })
})

import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import type {Lead} from '#shared/leads/lead.ts'
import {sql} from '../database.ts'
import {localProvider} from '../texts/provider.ts'
import {seedTextContent} from '../texts/testing.ts'
import {leadHandler, listLeadsHandler} from './admin-handlers.ts'
import {callHandler, CALLBACK_MAX_DAYS} from './calls.ts'
import type {LeadDetail} from '#shared/leads/lead-detail.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, testSites, useLeadTestServices, validBody} from './testing.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const AT = Date.parse('2026-11-30T10:00:00+09:00')
const STAFF = 'admin@example.com'

type CallAnswer = {
  ok: boolean
  error?: string
  fields?: Record<string, string>
} & Partial<LeadDetail>

describe('call outcomes: POST /api/admin/leads/:id/calls', () => {
  useLeadTestServices()
  const context = {ip: '192.0.2.10'}

  const call = async (
    id: string,
    body: unknown,
    {now = AT, sites = null as string[] | null, method = 'POST'} = {},
  ) => {
    const token = await mintAdminToken(STAFF, new Date(), sites)
    const response = await callHandler(
      new Request(`http://localhost/api/admin/leads/${id}/calls`, {
        method,
        headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
        body: method === 'POST' ? JSON.stringify(body) : undefined,
      }),
      {...context, params: {id}},
      now,
    )
    return {status: response.status, body: (await response.json()) as CallAnswer}
  }
  const leadNamed = async (name: string) =>
    (await storedLeads()).find((lead) => lead.name === name)!
  const calls = () =>
    sql()<{action: string; actor: string; detail: Record<string, unknown>}>`
      SELECT action, actor, detail FROM audit_log WHERE action IN ('call', 'stage')
      ORDER BY at, id`

  beforeEach(async () => {
    for (const [name, site, phone] of [
      ['대구고객', 'daegu', '010-5555-0101'],
      ['부산고객', 'busan', '010-5555-0102'],
    ] as const)
      await createRegisterHandler({
        clock: () => AT - DAY,
        sites: testSites(),
        env: {REGISTER_RATE_LIMIT: '0'},
        texts: {content: seedTextContent, provider: localProvider},
      })(jsonRequest(validBody({name, site, phone})), {ip: '203.0.113.1'})
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('records a connected call: the lead moves from 신규 to contacted, both in its history', async () => {
    const lead = await leadNamed('대구고객')
    const {status, body} = await call(lead.id, {outcome: 'connected'})
    expect(status).toBe(201)
    expect(body.lead).toMatchObject({stage: 'contacted', lastContactAt: new Date(AT).toISOString()})
    expect(body.lead!.callbackAt).toBeUndefined()
    expect(body.calls).toEqual([
      {at: new Date(AT).toISOString(), actor: STAFF, outcome: 'connected', callbackAt: null},
    ])
    expect(body.stages).toEqual([
      {at: new Date(AT).toISOString(), actor: STAFF, from: 'new', to: 'contacted'},
    ])
    // One statement writes both rows (in no set order).
    expect(await calls()).toHaveLength(2)
    expect(await calls()).toEqual(
      expect.arrayContaining([
        {action: 'call', actor: STAFF, detail: {outcome: 'connected'}},
        {action: 'stage', actor: STAFF, detail: {from: 'new', to: 'contacted'}},
      ]),
    )
    // A later connected call moves nothing further: only a new lead is moved.
    await call(lead.id, {outcome: 'connected'}, {now: AT + MINUTE})
    expect((await calls()).map((row) => row.action).sort()).toEqual(['call', 'call', 'stage'])
  })

  it('keeps a call back pending through no answer, and a connected call ends it', async () => {
    const lead = await leadNamed('대구고객')
    const callbackAt = '2026-12-01T14:00:00+09:00'
    const asked = await call(lead.id, {outcome: 'callback', callbackAt})
    expect(asked.status).toBe(201)
    expect(asked.body.lead).toMatchObject({
      stage: 'new',
      callbackAt: new Date(callbackAt).toISOString(),
      lastContactAt: new Date(AT).toISOString(),
    })
    const missed = await call(lead.id, {outcome: 'no-answer'}, {now: AT + 60 * MINUTE})
    expect(missed.body.lead).toMatchObject({
      stage: 'new',
      callbackAt: new Date(callbackAt).toISOString(),
      lastContactAt: new Date(AT + 60 * MINUTE).toISOString(),
    })
    const reached = await call(lead.id, {outcome: 'connected'}, {now: AT + DAY})
    expect(reached.body.lead!.callbackAt).toBeUndefined()
    expect(reached.body.calls!.map((one) => [one.outcome, one.callbackAt])).toEqual([
      ['callback', new Date(callbackAt).toISOString()],
      ['no-answer', null],
      ['connected', null],
    ])
    // The list shows the last contact beside each lead.
    const token = await mintAdminToken()
    const list = (await (
      await listLeadsHandler(
        new Request('http://localhost/api/admin/leads', {
          headers: {Authorization: `Bearer ${token}`},
        }),
        context,
      )
    ).json()) as {leads: Lead[]}
    expect(Object.fromEntries(list.leads.map((one) => [one.name, one.lastContactAt]))).toEqual({
      대구고객: new Date(AT + DAY).toISOString(),
      부산고객: undefined,
    })
  })

  it('takes a staff stage change as a contact too', async () => {
    const lead = await leadNamed('대구고객')
    const token = await mintAdminToken()
    await leadHandler(
      new Request(`http://localhost/api/admin/leads/${lead.id}`, {
        method: 'PATCH',
        headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
        body: JSON.stringify({stage: 'on-hold'}),
      }),
      {...context, params: {id: lead.id}},
      AT,
    )
    expect((await leadNamed('대구고객')).lastContactAt).toBe(new Date(AT).toISOString())
  })

  it('refuses a wrong outcome or call back time in Korean, storing nothing', async () => {
    const lead = await leadNamed('대구고객')
    const wrong: Array<[unknown, string]> = [
      [{outcome: 'busy'}, 'outcome'],
      [{}, 'outcome'],
      [[], 'outcome'],
      [{outcome: 'callback'}, 'callbackAt'],
      [{outcome: 'callback', callbackAt: '내일 오후'}, 'callbackAt'],
      [{outcome: 'callback', callbackAt: '2026-12-01T14:00'}, 'callbackAt'],
      [{outcome: 'callback', callbackAt: '2026-11-30T09:00:00+09:00'}, 'callbackAt'],
      [
        {
          outcome: 'callback',
          callbackAt: new Date(AT + (CALLBACK_MAX_DAYS + 1) * DAY).toISOString(),
        },
        'callbackAt',
      ],
      [{outcome: 'connected', callbackAt: '2026-12-01T14:00:00+09:00'}, 'callbackAt'],
    ]
    for (const [body, field] of wrong) {
      const answer = await call(lead.id, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error).toBe('통화 결과를 확인해 주세요.')
      expect(answer.body.fields![field]).toMatch(/[가-힣]/)
    }
    expect((await call(lead.id, null, {method: 'GET'})).status).toBe(405)
    expect(await calls()).toEqual([])
    expect(await leadNamed('대구고객')).toMatchObject({stage: 'new'})
    expect((await leadNamed('대구고객')).lastContactAt).toBeUndefined()
  })

  it('records calls on the lead’s own site only: another site’s lead is not found', async () => {
    const busan = await leadNamed('부산고객')
    const refused = await call(busan.id, {outcome: 'connected'}, {sites: ['daegu']})
    expect(refused.status).toBe(404)
    expect(refused.body.error).toMatch(/문의를 찾을 수 없습니다/)
    const missing = await call('00000000-0000-4000-8000-000000000000', {outcome: 'connected'})
    expect(missing.status).toBe(404)
    expect(await calls()).toEqual([])
    const own = await call(
      (await leadNamed('대구고객')).id,
      {outcome: 'no-answer'},
      {
        sites: ['daegu'],
      },
    )
    expect(own.status).toBe(201)
  })

  forEachDatabase('at the same moment', () => {
    beforeEach(async () => {
      await createRegisterHandler({
        clock: () => AT - DAY,
        sites: testSites(),
        env: {REGISTER_RATE_LIMIT: '0'},
        texts: {content: seedTextContent, provider: localProvider},
      })(jsonRequest(validBody({name: '동시', site: 'daegu'})), {ip: '203.0.113.1'})
    })

    it('records both of two connected calls and the stage change once', async () => {
      const lead = await leadNamed('동시')
      const answers = await Promise.all([
        call(lead.id, {outcome: 'connected'}),
        call(lead.id, {outcome: 'connected'}, {now: AT + 1}),
      ])
      expect(answers.map((answer) => answer.status)).toEqual([201, 201])
      const actions = (await calls()).map((row) => row.action).sort()
      expect(actions).toEqual(['call', 'call', 'stage'])
      expect((await leadNamed('동시')).stage).toBe('contacted')
    })
  })
})

import type {Context} from '@netlify/functions'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken, TEST_ADMIN_EMAIL} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import type {AccessTask} from '#shared/access/access-record.ts'
import accessLog from '#netlify/functions/admin-access-log.mts'
import lead from '#netlify/functions/admin-lead.mts'
import leads from '#netlify/functions/admin-leads.mts'
import leadsCsv from '#netlify/functions/admin-leads-csv.mts'
import deleteLead from '#netlify/functions/admin-leads-delete.mts'
import {sql} from '../database.ts'
import {json} from '../http.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, testSites, validBody} from '../leads/testing.ts'
import {staffRequest} from '../gates/staff.ts'
import {localProvider} from '../texts/provider.ts'
import {seedTextContent} from '../texts/testing.ts'
import {writeAccess} from '../access-record.ts'
import {NOT_RECORDED, recordsAccess} from './recorded.ts'

withTestDatabase()

const DAY = 24 * 60 * 60 * 1000
const ADDRESS = '203.0.113.50'
const COUNSELLOR = 'kim@example.com'

type Handler = (req: Request, context: Context) => Promise<Response>

let token: string
let ids: string[]

beforeEach(async () => {
  token = await mintAdminToken()
  const register = createRegisterHandler({
    sites: testSites(),
    env: {REGISTER_RATE_LIMIT: '0'},
    texts: {content: seedTextContent, provider: localProvider},
  })
  for (const [index, site] of ['daegu', 'daegu', 'busan'].entries())
    await register(jsonRequest(validBody({name: `기록${index}`, site})), {ip: '10.0.0.1'})
  // Newest first: 기록2 of busan, then 기록1 and 기록0 of daegu.
  ids = (await storedLeads()).map((stored) => stored.id)
})
afterEach(() => vi.unstubAllEnvs())

async function call(
  handler: Handler,
  path: string,
  {method = 'GET', id, bearer = token}: {method?: string; id?: string; bearer?: string | null} = {},
): Promise<Response> {
  const response = await handler(
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(bearer ? {authorization: `Bearer ${bearer}`} : {}),
      },
      ...(method === 'PATCH' ? {body: JSON.stringify({stage: 'contacted'})} : {}),
    }),
    {ip: ADDRESS, params: id ? {id} : {}} as unknown as Context,
  )
  return response
}

const rows = () =>
  sql()<{
    actor: string
    address: string
    task: AccessTask
    status: number
    lead_ids: string[]
    subject: Record<string, unknown>
    reason: string | null
    refused: string | null
    new_address: boolean
    opened_in_hour: number | null
  }>`SELECT actor, address, task, status, lead_ids, subject, reason, refused, new_address,
      opened_in_hour FROM access_log ORDER BY id`

describe('each task is written with whose data', () => {
  it('a list: 조회 with its filter and how many leads it showed, not where the page began', async () => {
    const answer = await call(leads, '/api/admin/leads?site=daegu&q=%EA%B8%B0%EB%A1%9D&limit=1')
    const {nextCursor} = (await answer.json()) as {nextCursor: string}
    await call(leads, `/api/admin/leads?site=daegu&limit=1&cursor=${nextCursor}`)
    expect(await rows()).toMatchObject([
      {
        actor: TEST_ADMIN_EMAIL,
        address: ADDRESS,
        task: '조회',
        status: 200,
        lead_ids: [],
        subject: {filter: {site: 'daegu', q: '기록'}, count: 1},
      },
      {task: '조회', subject: {filter: {site: 'daegu'}, count: 1}},
    ])
  })

  it('a download: 다운로드 with its filter, columns, every lead it holds and its reason', async () => {
    const reason = encodeURIComponent('방문 예약자 안내 전화')
    const answer = await call(
      leadsCsv,
      `/api/admin/leads.csv?site=daegu&columns=receipt,name,phone&reason=${reason}`,
    )
    expect(answer.status).toBe(200)
    await answer.text()
    expect(await rows()).toMatchObject([
      {
        task: '다운로드',
        subject: {
          filter: {site: 'daegu', columns: 'receipt,name,phone', format: 'csv'},
          count: 2,
        },
        reason: '방문 예약자 안내 전화',
      },
    ])
  })

  it('opening a lead: 조회 of that lead, with the distinct leads opened in the hour', async () => {
    for (const id of [ids[0]!, ids[0]!, ids[1]!]) await call(lead, `/api/admin/leads/${id}`, {id})
    expect((await rows()).map((row) => [row.task, row.lead_ids, row.opened_in_hour])).toEqual([
      ['조회', [ids[0]], 1],
      ['조회', [ids[0]], 1],
      ['조회', [ids[1]], 2],
    ])
  })

  it('a change: 변경 of that lead', async () => {
    const answer = await call(lead, `/api/admin/leads/${ids[0]}`, {method: 'PATCH', id: ids[0]})
    expect(answer.status).toBe(200)
    expect(await rows()).toMatchObject([
      {task: '변경', lead_ids: [ids[0]], status: 200, opened_in_hour: null},
    ])
  })

  it('an erasure: 삭제 of that lead; the lead is gone and its record stays', async () => {
    await call(lead, `/api/admin/leads/${ids[2]}`, {id: ids[2]})
    const answer = await call(deleteLead, `/api/admin/leads/${ids[2]}`, {
      method: 'DELETE',
      id: ids[2],
    })
    expect(answer.status).toBe(200)
    expect((await storedLeads()).map((stored) => stored.id)).not.toContain(ids[2])
    expect((await rows()).map((row) => [row.task, row.lead_ids])).toEqual([
      ['조회', [ids[2]]],
      ['삭제', [ids[2]]],
    ])
    // The record lists the erased lead without its receipt.
    const listed = await call(accessLog, '/api/admin/access-log')
    const {items} = (await listed.json()) as {items: Array<{task: string; receipts: unknown[]}>}
    expect(items.filter((item) => item.task !== '조회' || item.receipts.length > 0)).toEqual([
      expect.objectContaining({task: '삭제', receipts: [null]}),
      expect.objectContaining({task: '조회', receipts: [null]}),
    ])
  })
})

describe('refused attempts are written too', () => {
  it('a token that does not hold: the account unknown, the reason and the 401', async () => {
    expect((await call(leads, '/api/admin/leads', {bearer: 'forged'})).status).toBe(401)
    expect(await rows()).toMatchObject([
      {actor: 'unknown', address: ADDRESS, task: '조회', status: 401, refused: 'bad-token'},
    ])
  })

  it('a counsellor asking for another site: their account, 403 and why', async () => {
    vi.stubEnv('ADMIN_USERS', `${COUNSELLOR}:x:busan`)
    const bearer = await mintAdminToken(COUNSELLOR, new Date(), ['busan'])
    expect((await call(leads, '/api/admin/leads?site=daegu', {bearer})).status).toBe(403)
    // A lead of another site is answered as missing, and recorded with that answer.
    const daegu = ids[1]!
    expect((await call(lead, `/api/admin/leads/${daegu}`, {id: daegu, bearer})).status).toBe(404)
    expect(await rows()).toMatchObject([
      {actor: COUNSELLOR, task: '조회', status: 403, refused: 'site'},
      {actor: COUNSELLOR, task: '조회', status: 404, refused: null, lead_ids: [daegu]},
    ])
    // A refused opening is no opening: it counts toward no hour of many.
    expect((await rows())[1]!.opened_in_hour).toBeNull()
  })

  it('a counsellor opening the access record: a 403 in Korean, and the attempt recorded', async () => {
    const bearer = await mintAdminToken(COUNSELLOR, new Date(), ['busan'])
    const answer = await call(accessLog, '/api/admin/access-log', {bearer})
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ok: false, error: '접속기록은 관리자만 볼 수 있습니다.'})
    expect(await rows()).toMatchObject([
      {actor: COUNSELLOR, task: '조회', status: 403, refused: 'not-administrator'},
    ])
  })

  it('a request with no credential at all, or of a method the endpoint lacks, writes nothing', async () => {
    expect((await call(leads, '/api/admin/leads', {bearer: null})).status).toBe(401)
    expect((await call(leads, '/api/admin/leads', {method: 'DELETE'})).status).toBe(405)
    expect(await rows()).toEqual([])
  })
})

it('an address is new to an account that has not come from it in 30 days', async () => {
  const at = Date.now()
  const row = {
    actor: TEST_ADMIN_EMAIL,
    task: '조회' as const,
    method: 'GET',
    path: '/api/admin/leads',
    status: 200,
    leads: [],
    subject: {},
    reason: null,
    refused: null,
  }
  await writeAccess({...row, at: at - 31 * DAY, address: ADDRESS})
  await writeAccess({...row, at: at - 2 * DAY, address: '198.51.100.1'})
  await call(leads, '/api/admin/leads')
  await call(leads, '/api/admin/leads')
  await writeAccess({...row, at, actor: COUNSELLOR, address: ADDRESS})
  expect((await rows()).map((written) => written.new_address)).toEqual([
    true,
    true,
    true,
    false,
    true,
  ])
})

describe('no data leaves unrecorded', () => {
  // A task the table does not take makes the row's write fail, as a database gone would.
  const broken = (method: string) =>
    recordsAccess({[method]: 'peek' as AccessTask}, async (req: Request, context: Context) => {
      const gate = await staffRequest(req, context, method)
      return gate.ok ? json({ok: true, secret: '홍길동 010-1234-5678'}) : gate.response
    })

  it('a read whose row cannot be written is answered 503, without its data', async () => {
    const answer = await call(broken('GET'), '/api/admin/leads')
    expect(answer.status).toBe(503)
    expect(await answer.json()).toEqual({ok: false, error: NOT_RECORDED})
  })

  it('a change already made keeps its answer', async () => {
    const answer = await call(broken('POST'), '/api/admin/leads', {method: 'POST'})
    expect(answer.status).toBe(200)
  })
})

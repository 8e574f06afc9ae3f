import type {Context} from '@netlify/functions'
import {beforeEach, describe, expect, it} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import type {AccessItem} from '#shared/access/access-record.ts'
import {accessLogHandler} from './log.ts'
import {writeAccess, type AccessRow} from '../access-record.ts'

withTestDatabase()

const seoul = (text: string) => Date.parse(`${text}+09:00`)
const NOW = seoul('2026-11-10T10:00:00')
const LEAD = '6f1c1d3e-8a7b-4c2d-9e0f-1a2b3c4d5e6f'

function row(at: string, actor: string, more: Partial<AccessRow> = {}): AccessRow {
  return {
    at: seoul(at),
    actor,
    address: '10.0.0.1',
    task: '조회',
    method: 'GET',
    path: '/api/admin/leads',
    status: 200,
    leads: [],
    subject: {filter: {stage: 'new'}, count: 12},
    reason: null,
    refused: null,
    ...more,
  }
}

let token: string
beforeEach(async () => {
  token = await mintAdminToken()
  for (const written of [
    // Older than the last 30 days: listed only when asked for.
    row('2026-10-01T09:00:00', 'kim@example.com'),
    row('2026-10-15T09:00:00', 'kim@example.com'),
    row('2026-11-01T09:00:00', 'kim@example.com', {
      task: '다운로드',
      path: '/api/admin/leads.csv',
      reason: '계약자 안내',
    }),
    row('2026-11-02T23:15:00', 'lee@example.com', {
      path: `/api/admin/leads/${LEAD}`,
      leads: [LEAD],
      subject: {},
    }),
    row('2026-11-03T09:00:00', 'lee@example.com', {task: '변경', method: 'PATCH'}),
    row('2026-11-04T09:00:00', 'kim@example.com'),
  ])
    await writeAccess(written)
})

async function read(query: string): Promise<Response> {
  return accessLogHandler(
    new Request(`http://localhost/api/admin/access-log?${query}`, {
      headers: {authorization: `Bearer ${token}`},
    }),
    {ip: '192.0.2.80'} as Context,
    NOW,
  )
}

async function items(query: string): Promise<{items: AccessItem[]; nextCursor: string | null}> {
  const answer = await read(query)
  expect(answer.status).toBe(200)
  return (await answer.json()) as {items: AccessItem[]; nextCursor: string | null}
}

describe('GET /api/admin/access-log', () => {
  it('answers the last 30 days newest first: who, when, from where, what, whose data, why', async () => {
    const {items: all, nextCursor} = await items('')
    expect(nextCursor).toBeNull()
    expect(all.map((item) => item.at)).toEqual(
      [
        '2026-11-04T09:00:00',
        '2026-11-03T09:00:00',
        '2026-11-02T23:15:00',
        '2026-11-01T09:00:00',
        '2026-10-15T09:00:00',
      ].map((at) => new Date(seoul(at)).toISOString()),
    )
    expect(all[2]).toEqual({
      at: new Date(seoul('2026-11-02T23:15:00')).toISOString(),
      actor: 'lee@example.com',
      address: '10.0.0.1',
      task: '조회',
      subject: {leads: [LEAD]},
      reason: null,
      method: 'GET',
      path: `/api/admin/leads/${LEAD}`,
      status: 200,
      refused: null,
      receipts: [null],
      flags: ['night', 'new-address'],
    })
    expect(all[3]).toMatchObject({
      task: '다운로드',
      subject: {filter: {stage: 'new'}, count: 12},
      reason: '계약자 안내',
      flags: ['download'],
    })
  })

  it('filters by period (Seoul dates, both included), person and task', async () => {
    const at = async (query: string) => (await items(query)).items.map((item) => item.at)
    expect(await at('from=2026-10-01&to=2026-10-01')).toEqual([
      new Date(seoul('2026-10-01T09:00:00')).toISOString(),
    ])
    expect(await at('from=2026-11-01&to=2026-11-02')).toEqual(
      ['2026-11-02T23:15:00', '2026-11-01T09:00:00'].map((t) => new Date(seoul(t)).toISOString()),
    )
    expect((await items('actor=LEE@example.com')).items.map((item) => item.task)).toEqual([
      '변경',
      '조회',
    ])
    expect((await items('task=다운로드')).items.map((item) => item.actor)).toEqual([
      'kim@example.com',
    ])
  })

  it('pages with a cursor, each row once', async () => {
    const first = await items('limit=2')
    const second = await items(`limit=2&cursor=${first.nextCursor}`)
    const third = await items(`limit=2&cursor=${second.nextCursor}`)
    expect(third.nextCursor).toBeNull()
    expect([...first.items, ...second.items, ...third.items]).toEqual((await items('')).items)
  })

  it('refuses a wrong parameter with a 400 in Korean', async () => {
    const answer = await read('from=2026-11-31&task=엿보기&limit=0&cursor=nope')
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({
      ok: false,
      error: '조회 조건을 확인해 주세요.',
      fields: {
        from: '날짜는 YYYY-MM-DD 형식으로 입력해 주세요.',
        task: '작업은 조회, 변경, 입력, 삭제, 출력, 다운로드 중 하나여야 합니다.',
        limit: '한 번에 1~500건까지 볼 수 있습니다.',
        cursor: '페이지 정보가 올바르지 않습니다. 처음부터 다시 조회해 주세요.',
      },
    })
  })
})

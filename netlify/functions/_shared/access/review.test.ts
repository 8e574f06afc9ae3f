import type {Context} from '@netlify/functions'
import {randomUUID} from 'node:crypto'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken, TEST_ADMIN_EMAIL} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import type {AccessReview, AccessTask} from '#shared/access/access-record.ts'
import {sql} from '../database.ts'
import {writeAccess, type AccessRow} from '../access-record.ts'
import {accessReviewDueHandler, accessReviewHandler} from './review-handlers.ts'

withTestDatabase()

const MINUTE = 60 * 1000
/** An instant in Seoul. */
const seoul = (text: string) => Date.parse(`${text}+09:00`)
/** Ten days into November: October has ended and waits for its review. */
const NOW = seoul('2026-11-10T10:00:00')

const KIM = 'kim@example.com'
const LEE = 'lee@example.com'
const PARK = 'park@example.com'

function row(at: number, actor: string, more: Partial<AccessRow> = {}): AccessRow {
  return {
    at,
    actor,
    address: '10.0.0.1',
    task: '조회',
    method: 'GET',
    path: '/api/admin/leads',
    status: 200,
    leads: [],
    subject: {},
    reason: null,
    refused: null,
    ...more,
  }
}

/** October's record, written in time order as requests would write it. */
async function writeOctober(): Promise<void> {
  const rows: AccessRow[] = [
    row(seoul('2026-09-30T10:00:00'), KIM),
    row(seoul('2026-10-02T09:00:00'), PARK, {address: '10.0.0.5'}),
    row(seoul('2026-10-14T10:00:00'), KIM),
    // Kim opens 60 leads in half an hour, one of them twice.
    ...Array.from({length: 61}, (_, index) =>
      row(seoul('2026-10-15T10:00:00') + index * 30_000, KIM, {
        leads: [index === 60 ? LEADS[0]! : LEADS[index]!],
        path: '/api/admin/leads/x',
      }),
    ),
    row(seoul('2026-10-20T14:00:00'), LEE, {
      task: '다운로드',
      path: '/api/admin/leads.csv',
      subject: {count: 120},
      reason: '방문 예약자 안내 전화',
    }),
    row(seoul('2026-10-21T23:30:00'), LEE),
    row(seoul('2026-10-22T01:10:00'), LEE),
    row(seoul('2026-10-22T06:59:00'), LEE),
    row(seoul('2026-10-22T07:00:00'), LEE),
    row(seoul('2026-10-25T11:00:00'), PARK, {address: '203.0.113.9'}),
    row(seoul('2026-10-26T11:00:00'), PARK, {address: '203.0.113.9'}),
    row(seoul('2026-10-27T15:00:00'), 'unknown', {
      address: '198.51.100.66',
      status: 401,
      refused: 'bad-token',
    }),
    row(seoul('2026-10-27T15:01:00'), 'unknown', {
      address: '198.51.100.66',
      status: 401,
      refused: 'bad-token',
    }),
    row(seoul('2026-11-01T00:30:00'), LEE),
  ]
  for (const written of rows) await writeAccess(written)
}

const LEADS = Array.from({length: 60}, () => randomUUID())

let token: string
beforeEach(async () => {
  token = await mintAdminToken()
})
afterEach(() => vi.unstubAllEnvs())

const context = {ip: '192.0.2.80'} as Context

async function review(query: string, bearer = token): Promise<Response> {
  return accessReviewHandler(
    new Request(`http://localhost/api/admin/access-review?${query}`, {
      headers: {authorization: `Bearer ${bearer}`},
    }),
    context,
    NOW,
  )
}

async function mark(body: unknown, bearer = token, now = NOW): Promise<Response> {
  return accessReviewHandler(
    new Request('http://localhost/api/admin/access-review', {
      method: 'POST',
      headers: {authorization: `Bearer ${bearer}`, 'content-type': 'application/json'},
      body: JSON.stringify(body),
    }),
    context,
    now,
  )
}

async function due(now = NOW): Promise<{month: string; due: boolean}> {
  const answer = await accessReviewDueHandler(
    new Request('http://localhost/api/admin/access-review/due', {
      headers: {authorization: `Bearer ${token}`},
    }),
    context,
    now,
  )
  return (await answer.json()) as {month: string; due: boolean}
}

describe('a month’s review flags what deserves a look', () => {
  beforeEach(writeOctober)

  it('last month by default: each person’s tasks and every kind of flag', async () => {
    const answer = await review('')
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as AccessReview
    expect(body.month).toBe('2026-10')
    expect(body.bulkThreshold).toBe(50)
    expect(body.people).toEqual([
      {actor: KIM, tasks: {조회: 62}, total: 62},
      {
        actor: LEE,
        tasks: {조회: 4, 다운로드: 1} satisfies Partial<Record<AccessTask, number>>,
        total: 5,
      },
      {actor: PARK, tasks: {조회: 3}, total: 3},
      {actor: 'unknown', tasks: {조회: 2}, total: 2},
    ])
    expect(body.flags.downloads).toEqual([
      {
        at: new Date(seoul('2026-10-20T14:00:00')).toISOString(),
        actor: LEE,
        address: '10.0.0.1',
        count: 120,
        reason: '방문 예약자 안내 전화',
      },
    ])
    // The 51st distinct lead passed the threshold; the 60th is the peak; the lead opened again
    // adds none.
    const fiftyFirst = seoul('2026-10-15T10:00:00') + 50 * 30_000
    expect(body.flags.bulk).toEqual([
      {
        actor: KIM,
        from: new Date(fiftyFirst - 60 * MINUTE).toISOString(),
        to: new Date(seoul('2026-10-15T10:00:00') + 60 * 30_000).toISOString(),
        leads: 60,
      },
    ])
    expect(body.flags.night).toEqual([
      {
        actor: LEE,
        night: '2026-10-21',
        first: new Date(seoul('2026-10-21T23:30:00')).toISOString(),
        last: new Date(seoul('2026-10-22T06:59:00')).toISOString(),
        requests: 3,
      },
    ])
    // Kim came from his address on 30 September, within 30 days; Lee's first request of all
    // is new, as are Park's two addresses (the second on its first use only) and the caller's.
    expect(body.flags.newAddresses).toEqual([
      {actor: PARK, address: '10.0.0.5', at: new Date(seoul('2026-10-02T09:00:00')).toISOString()},
      {actor: LEE, address: '10.0.0.1', at: new Date(seoul('2026-10-20T14:00:00')).toISOString()},
      {
        actor: PARK,
        address: '203.0.113.9',
        at: new Date(seoul('2026-10-25T11:00:00')).toISOString(),
      },
      {
        actor: 'unknown',
        address: '198.51.100.66',
        at: new Date(seoul('2026-10-27T15:00:00')).toISOString(),
      },
    ])
    expect(body.flags.refused).toEqual([
      {
        actor: 'unknown',
        address: '198.51.100.66',
        refused: 'bad-token',
        first: new Date(seoul('2026-10-27T15:00:00')).toISOString(),
        last: new Date(seoul('2026-10-27T15:01:00')).toISOString(),
        requests: 2,
      },
    ])
    expect(body.reviews).toEqual([])
  })

  it('one person’s, and the threshold from ACCESS_BULK_THRESHOLD', async () => {
    vi.stubEnv('ACCESS_BULK_THRESHOLD', '60')
    const body = (await (await review(`month=2026-10&actor=${KIM}`)).json()) as AccessReview
    expect(body.bulkThreshold).toBe(60)
    expect(body.people.map((person) => person.actor)).toEqual([KIM])
    expect(body.flags).toEqual({downloads: [], bulk: [], night: [], newAddresses: [], refused: []})
  })

  it('a month written otherwise is a 400 in Korean', async () => {
    const answer = await review('month=2026-13')
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({
      ok: false,
      error: '조회 조건을 확인해 주세요.',
      fields: {month: '월은 YYYY-MM 형식으로 입력해 주세요.'},
    })
  })
})

describe('the monthly mark', () => {
  it('marks an ended month reviewed by the administrator, and the reminder ends', async () => {
    await writeOctober()
    expect(await due()).toEqual({ok: true, month: '2026-10', due: true})
    const answer = await mark({month: '2026-10', note: '  다운로드 사유 확인, 이상 없음  '})
    expect(answer.status).toBe(201)
    const marked = {
      reviewer: TEST_ADMIN_EMAIL,
      at: new Date(NOW).toISOString(),
      note: '다운로드 사유 확인, 이상 없음',
    }
    expect(await answer.json()).toEqual({ok: true, month: '2026-10', reviews: [marked]})
    expect(await due()).toEqual({ok: true, month: '2026-10', due: false})
    // A second mark adds to the first.
    await mark({month: '2026-10', note: '야간 접속은 행사 준비'}, token, NOW + MINUTE)
    const body = (await (await review('month=2026-10')).json()) as AccessReview
    expect(body.reviews.map((review) => review.note)).toEqual([
      '다운로드 사유 확인, 이상 없음',
      '야간 접속은 행사 준비',
    ])
  })

  it('nothing to remind of before the record has a month behind it', async () => {
    await writeAccess(row(seoul('2026-11-02T10:00:00'), KIM))
    expect(await due()).toEqual({ok: true, month: '2026-10', due: false})
  })

  it('refuses a month not yet ended, an empty note or a wrong month, storing nothing', async () => {
    for (const [body, fields] of [
      [
        {month: '2026-11', note: '이상 없음'},
        {month: '아직 끝나지 않은 달은 점검 완료로 표시할 수 없습니다.'},
      ],
      [{month: '2026-10', note: ' \u200b '}, {note: '점검한 내용을 적어 주세요. (예: 이상 없음)'}],
      [
        {month: '10월', note: 'x'.repeat(2001)},
        {
          month: '월은 YYYY-MM 형식으로 입력해 주세요.',
          note: '점검 내용은 2,000자 이내로 적어 주세요.',
        },
      ],
    ] as const) {
      const answer = await mark(body)
      expect(answer.status).toBe(400)
      expect(((await answer.json()) as {fields: unknown}).fields).toEqual(fields)
    }
    expect(await sql()`SELECT count(*)::int AS n FROM access_reviews`).toEqual([{n: 0}])
  })

  it('a counsellor may neither see nor mark: 403 in Korean', async () => {
    const bearer = await mintAdminToken(KIM, new Date(), ['daegu'])
    for (const answer of [
      await review('month=2026-10', bearer),
      await mark({month: '2026-10', note: '확인'}, bearer),
    ]) {
      expect(answer.status).toBe(403)
      expect(await answer.json()).toEqual({ok: false, error: '접속기록은 관리자만 볼 수 있습니다.'})
    }
    expect(await sql()`SELECT count(*)::int AS n FROM access_reviews`).toEqual([{n: 0}])
  })
})

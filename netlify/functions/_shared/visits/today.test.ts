import {afterEach, describe, expect, it, vi} from 'vitest'
import type {CallToMake} from '#shared/leads/today.ts'
import {scheduleOf} from '#shared/visits/schedule.ts'
import {mintAdminToken, TEST_STAFF_CONTEXT} from '#tests/helpers/admin-token.ts'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import type {TextContent} from '../texts/content.ts'
import {ModelHouses} from '../model-houses.ts'
import {recordCall, type CallChange} from '../leads/calls.ts'
import {createTodayHandler} from './today.ts'

/** Thursday 26 November 2026, 15:00 in Seoul. */
const NOW = Date.parse('2026-11-26T15:00:00+09:00')
const ME = 'kim@example.com'
const OTHER = 'lee@example.com'
const SITE = 'busan'
const OTHER_SITE = 'daegu'
const at = (time: string) => new Date(`2026-11-${time}+09:00`)

/** Busan's model house opens 10:00-18:00 every day; a new lead waits 2 of its hours. */
const houses = new ModelHouses(async () => [
  {
    site: SITE,
    siteName: '솔담 부산',
    house: {
      address: '부산',
      mapUrl: null,
      schedule: scheduleOf({
        address: '부산',
        hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({weekday, opens: '10:00', closes: '18:00'})),
      }),
    },
  },
])
const content = async (): Promise<TextContent> => ({
  templates: {},
  sites: new Map([[SITE, {name: '솔담 부산', address: null, mapUrl: null, contactLimitHours: 2}]]),
  remaining: '',
  units: [],
})

let receipts = 0

/** A lead stored as a registration leaves it, with what the test says; answers its id. */
async function lead(
  name: string,
  {
    owner = ME,
    site = SITE,
    stage = 'new',
    createdAt = at('26T09:00:00'),
    callbackAt = null as Date | null,
    spam = false,
  } = {},
): Promise<string> {
  const [row] = await sql()<{id: string}>`
    INSERT INTO leads (id, receipt, created_at, site, source, name, phone, consent,
      marketing_consent, owner, stage, callback_at, spam_reason)
    VALUES (gen_random_uuid(), ${`R-${++receipts}`}, ${createdAt}, ${site}, 'popup', ${name},
      ${`010-5555-${String(receipts).padStart(4, '0')}`}, true, false, ${owner}, ${stage},
      ${callbackAt}, ${spam ? 'honeypot' : null})
    RETURNING id`
  return row!.id
}

/** A booked visit of the lead at `visitAt`, confirmed or checked in when asked. */
async function visit(
  leadId: string,
  visitAt: Date,
  {confirmed = false, arrived = false, cancelled = false} = {},
): Promise<void> {
  await sql()`INSERT INTO visits (lead_id, site, starts_at, status, booked_at, changed_at,
      confirmed_at, arrived_at, arrived_by)
    SELECT id, site, ${visitAt}, ${cancelled ? 'cancelled' : 'booked'}, created_at, created_at,
      ${confirmed ? at('25T12:00:00') : null}::timestamptz,
      ${arrived ? at('26T14:00:00') : null}::timestamptz, ${arrived ? OTHER : null}::text
    FROM leads WHERE id = ${leadId}::uuid`
}

/** The lead waits for `visitAt` and holds an offered seat until `until`. */
async function offered(leadId: string, visitAt: Date, until: Date): Promise<void> {
  await sql()`INSERT INTO waitlist_entries (lead_id, site, starts_at, phone, joined_at, status,
      offered_at, offer_expires_at)
    SELECT id, site, ${visitAt}, phone, created_at, 'offered', ${at('26T14:50:00')}, ${until}
    FROM leads WHERE id = ${leadId}::uuid`
}

const called = (leadId: string, change: CallChange, time: string) =>
  recordCall(leadId, null, change, {at: Date.parse(`2026-11-${time}+09:00`), actor: ME})

interface TodayAnswer {
  ok: boolean
  error?: string
  date: string
  visits: Array<{leadId: string; name: string; start: string; arrivedAt: string | null}>
  calls: CallToMake[]
}

/** GET /api/admin/today as `email` with `sites` (null: an administrator), at `now`. */
async function today({
  email = ME,
  sites = [SITE] as string[] | null,
  query = '',
  now = NOW,
  token = true,
  method = 'GET',
} = {}): Promise<{status: number; body: TodayAnswer}> {
  const headers: Record<string, string> = token
    ? {Authorization: `Bearer ${await mintAdminToken(email, new Date(), sites)}`}
    : {}
  const response = await createTodayHandler({clock: () => now, houses, content})(
    new Request(`http://localhost/api/admin/today${query}`, {method, headers}),
    TEST_STAFF_CONTEXT,
  )
  return {status: response.status, body: (await response.json()) as TodayAnswer}
}

const listed = (body: TodayAnswer) =>
  body.calls.map((call) => [call.name, call.reasons.map((reason) => reason.kind).join('+')])

forEachDatabase('the calls of the day (GET /api/admin/today)', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('lists only my leads to call, overdue first, each with its reasons', async () => {
    await lead('늦은신규')
    await lead('새신규', {createdAt: at('26T14:30:00')})
    await lead('지난재통화', {stage: 'contacted', callbackAt: at('26T14:00:00')})
    await lead('오후재통화', {stage: 'contacted', callbackAt: at('26T17:00:00')})
    await lead('내일재통화', {callbackAt: at('27T10:00:00')})
    await visit(await lead('오늘미확인', {stage: 'booked'}), at('26T16:00:00'))
    await visit(await lead('내일미확인', {stage: 'booked'}), at('27T11:00:00'))
    await visit(await lead('모레방문', {stage: 'booked'}), at('28T11:00:00'))
    await visit(await lead('확인함', {stage: 'booked'}), at('26T16:00:00'), {confirmed: true})
    await visit(await lead('도착함', {stage: 'visited'}), at('26T14:00:00'), {arrived: true})
    await visit(await lead('취소함', {stage: 'booked'}), at('26T16:00:00'), {cancelled: true})
    await offered(
      await lead('대기안내', {createdAt: at('26T14:40:00')}),
      at('28T11:00:00'),
      at('26T15:20:00'),
    )
    await offered(
      await lead('지난안내', {stage: 'contacted'}),
      at('28T11:00:00'),
      at('26T14:59:00'),
    )
    await lead('남의신규', {owner: OTHER})
    await lead('스팸', {spam: true})
    await lead('연락완료', {stage: 'contacted'})

    const {status, body} = await today()
    expect(status).toBe(200)
    expect(body.date).toBe('2026-11-26')
    expect(listed(body)).toEqual([
      // The contact limit ran out at 12:00 (two opening hours from 10:00).
      ['늦은신규', 'new'],
      ['지난재통화', 'callback'],
      ['오늘미확인', 'unconfirmed'],
      // The waiting list's joiner is a new lead too, its offer due first.
      ['대기안내', 'new+offer'],
      ['새신규', 'new'],
      ['오후재통화', 'callback'],
      ['내일미확인', 'unconfirmed'],
    ])
    expect(body.calls.map((call) => call.overdue)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ])
    expect(body.calls[0]!.reasons).toEqual([
      {
        kind: 'new',
        receivedAt: at('26T09:00:00').toISOString(),
        dueAt: at('26T12:00:00').toISOString(),
      },
    ])
    expect(body.calls[3]!.reasons[1]).toEqual({
      kind: 'offer',
      visitAt: '2026-11-28T11:00:00+09:00',
      until: at('26T15:20:00').toISOString(),
    })
  })

  it('moves a lead called without an answer down, and a call back asked for moves it to its time', async () => {
    const fresh = await lead('새신규')
    await lead('오후재통화', {stage: 'contacted', callbackAt: at('26T17:00:00')})
    expect(listed((await today()).body)).toEqual([
      ['새신규', 'new'],
      ['오후재통화', 'callback'],
    ])

    await called(fresh, {outcome: 'no-answer'}, '26T14:40:00')
    const missed = (await today()).body
    expect(listed(missed)).toEqual([
      ['오후재통화', 'callback'],
      ['새신규', 'new'],
    ])
    expect(missed.calls[1]).toMatchObject({
      overdue: false,
      triedToday: true,
      lastCall: {at: at('26T14:40:00').toISOString(), outcome: 'no-answer'},
    })

    // A call back later today: listed at its time, as a call back.
    await called(fresh, {outcome: 'callback', callbackAt: +at('26T16:00:00')}, '26T14:45:00')
    const later = (await today()).body
    expect(listed(later)).toEqual([
      ['새신규', 'callback'],
      ['오후재통화', 'callback'],
    ])
    expect(later.calls[0]).toMatchObject({dueAt: at('26T16:00:00').toISOString(), overdue: false})
    // Past its time, it is overdue.
    expect((await today({now: +at('26T16:01:00')})).body.calls[0]).toMatchObject({
      name: '새신규',
      overdue: true,
    })

    // A call back tomorrow takes it off today's calls.
    await called(fresh, {outcome: 'callback', callbackAt: +at('27T10:00:00')}, '26T14:50:00')
    expect(listed((await today()).body)).toEqual([['오후재통화', 'callback']])
  })

  it('drops a lead a connected call reached: its call back, its unconfirmed visit, its offer', async () => {
    const callback = await lead('재통화', {stage: 'contacted', callbackAt: at('26T14:00:00')})
    const booked = await lead('미확인', {stage: 'booked'})
    await visit(booked, at('27T11:00:00'))
    const waiting = await lead('대기', {stage: 'contacted'})
    await offered(waiting, at('28T11:00:00'), at('26T15:20:00'))
    // A connected call before the day before the visit does not count as its confirmation.
    await called(booked, {outcome: 'connected'}, '25T18:00:00')
    expect(listed((await today()).body)).toEqual([
      ['재통화', 'callback'],
      ['대기', 'offer'],
      ['미확인', 'unconfirmed'],
    ])
    for (const id of [callback, booked, waiting])
      await called(id, {outcome: 'connected'}, '26T14:55:00')
    expect((await today()).body.calls).toEqual([])
  })

  it('lists the visits of today on the sites asked for, by time, with their arrival', async () => {
    await visit(await lead('오후손님', {owner: OTHER, stage: 'booked'}), at('26T16:00:00'))
    await visit(await lead('도착손님', {owner: OTHER, stage: 'visited'}), at('26T14:00:00'), {
      arrived: true,
    })
    await visit(await lead('취소손님', {stage: 'booked'}), at('26T16:00:00'), {cancelled: true})
    await visit(await lead('내일손님', {stage: 'booked'}), at('27T11:00:00'))
    await visit(
      await lead('대구손님', {site: OTHER_SITE, owner: OTHER, stage: 'booked'}),
      at('26T11:00:00'),
    )

    const mine = (await today()).body
    expect(mine.visits.map((one) => [one.name, one.start, one.arrivedAt])).toEqual([
      ['도착손님', '2026-11-26T14:00:00+09:00', at('26T14:00:00').toISOString()],
      ['오후손님', '2026-11-26T16:00:00+09:00', null],
    ])
    // Each with its lead's owner, whoever it is.
    expect(mine.visits[1]).toMatchObject({owner: OTHER, stage: 'booked'})
    const admin = (await today({email: 'boss@example.com', sites: null})).body
    expect(admin.visits.map((one) => one.name)).toEqual(['대구손님', '도착손님', '오후손님'])
    const daegu = (await today({email: 'boss@example.com', sites: null, query: '?site=daegu'})).body
    expect(daegu.visits.map((one) => one.name)).toEqual(['대구손님'])
  })

  it('keeps my leads of a site I no longer see off my calls', async () => {
    await lead('부산신규')
    await lead('대구신규', {site: OTHER_SITE})
    expect(listed((await today()).body)).toEqual([['부산신규', 'new']])
    expect(listed((await today({sites: null})).body)).toEqual([
      ['대구신규', 'new'],
      ['부산신규', 'new'],
    ])
  })
})

describe('GET /api/admin/today: who may ask', () => {
  withTestDatabase()
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('answers 401 without a sign-in and 405 to another method, changing nothing', async () => {
    await lead('신규')
    const unsigned = await today({token: false})
    expect(unsigned.status).toBe(401)
    expect(unsigned.body.ok).toBe(false)
    expect((await today({method: 'POST'})).status).toBe(405)
  })

  it('refuses another site with a 403 in Korean, logged as a refusal', async () => {
    await lead('대구신규', {site: OTHER_SITE})
    const refused = await today({query: `?site=${OTHER_SITE}`})
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ok: false, error: '이 현장의 정보를 볼 권한이 없습니다.'})
    expect(await sql()`SELECT actor, action, detail ->> 'reason' AS reason FROM audit_log`).toEqual(
      [{actor: ME, action: 'refused', reason: 'site'}],
    )
  })

  it('answers 200 and logs the read as a list of the day', async () => {
    await lead('신규')
    const {status, body} = await today({query: `?site=${SITE}`})
    expect(status).toBe(200)
    expect(listed(body)).toEqual([['신규', 'new']])
    expect(await sql()`SELECT actor, action, detail FROM audit_log WHERE action = 'list'`).toEqual([
      {actor: ME, action: 'list', detail: {view: 'today', site: SITE}},
    ])
  })
})

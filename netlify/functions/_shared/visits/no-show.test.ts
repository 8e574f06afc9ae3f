import {describe, expect, it} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {leadHandler} from '../leads/admin-handlers.ts'
import {changePipeline} from '../leads/pipeline.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, validBody} from '../leads/testing.ts'
import {runTexts} from '../texts/outbox-run.ts'
import {seedTextContent, storedTexts} from '../texts/testing.ts'
import {listVisitsHandler} from './admin.ts'
import {checkInHandler} from './arrival.ts'
import {createCancelHandler, createConfirmHandler, createVisitHandler} from './handlers.ts'
import {markNoShows, runNoShows, runNoShowsJob, staffNoShowHandler} from './no-show.ts'
import {
  bookedSeats,
  NOW,
  OTHER_SITE,
  SITE,
  testHouses,
  testSiteDirectory,
  useVisitTestServices,
} from './testing.ts'
import {visitToken} from '../auth/visit-link.ts'

/** SITE's slots are 30 minutes long, OTHER_SITE's an hour. */
const SLOT = '2026-11-27T10:00:00+09:00'
const LATER_SLOT = '2026-11-27T11:00:00+09:00'
const at = (time: string) => Date.parse(`2026-11-27T${time}:00+09:00`)
/** 30 minutes after SLOT's 30-minute slot ended. */
const NO_SHOW_TIME = at('11:00')
const STAFF = 'admin@example.com'
const SLOT_MINUTES = new Map([
  [SITE, 30],
  [OTHER_SITE, 60],
])

/** What the visitor's link answers (the fields these tests read). */
interface LinkAnswer {
  ok: boolean
  error?: string
  visit: {
    status: string
    changeable: boolean
    confirmable: boolean
    confirmedAt?: string
    noShowAt?: string
    arrivalCode?: string
  }
}

describe('no-shows and the confirmation the day before', () => {
  useVisitTestServices()
  const texts = {content: seedTextContent}
  const deps = (now: number) => ({clock: () => now, houses: testHouses(), texts})
  const register = () =>
    createRegisterHandler({
      ...deps(NOW),
      sites: testSiteDirectory(),
      env: {...process.env, REGISTER_RATE_LIMIT: '100000'},
    })
  let phones = 0
  /** Books `start` on `site` with a number of its own; answers the visit's lead id. */
  async function booked(start = SLOT, site = SITE): Promise<string> {
    const phone = `010-5555-${String(++phones).padStart(4, '0')}`
    const answer = await register()(jsonRequest(validBody({site, visitAt: start, phone})), {
      ip: '203.0.113.9',
    })
    expect(answer.status).toBe(201)
    const [visit] = await sql()<{lead_id: string}>`
      SELECT v.lead_id FROM visits v JOIN leads l ON l.id = v.lead_id WHERE l.phone = ${phone}`
    return visit!.lead_id
  }
  const staffPost = async (
    handler: typeof checkInHandler,
    path: string,
    body: unknown,
    now: number,
  ) => {
    const token = await mintAdminToken(STAFF)
    const response = await handler(
      new Request(`http://localhost/api/admin/visits/${path}`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
        body: JSON.stringify(body),
      }),
      {ip: '192.0.2.10'},
      now,
    )
    return {status: response.status, body: (await response.json()) as Record<string, unknown>}
  }
  const staffNoShow = (visitId: unknown, now: number) =>
    staffPost(
      (req, context, when) => staffNoShowHandler(req, context, when, texts),
      'no-show',
      {visitId},
      now,
    )
  const link = async (leadId: string, now: number, action?: 'confirm' | 'cancel') => {
    const token = visitToken(leadId, process.env, 'owner')
    const handler = (
      action === 'confirm'
        ? createConfirmHandler
        : action === 'cancel'
          ? createCancelHandler
          : createVisitHandler
    )(deps(now))
    const response = await handler(
      new Request(`http://localhost/api/visits/${token}${action ? `/${action}` : ''}`, {
        method: action ? 'POST' : 'GET',
      }),
      {params: {token}, ip: '198.51.100.7'},
    )
    return {status: response.status, body: (await response.json()) as LinkAnswer}
  }
  const marks = () =>
    sql()<{lead_id: string; no_show_at: Date | null; no_show_by: string | null; stage: string}>`
      SELECT v.lead_id, v.no_show_at, v.no_show_by, l.stage
      FROM visits v JOIN leads l ON l.id = v.lead_id ORDER BY v.starts_at, l.phone`
  /** The visit's story in the lead's history, as the staff's panel reads it. */
  const history = async (id: string) => {
    const response = await leadHandler(
      new Request(`http://localhost/api/admin/leads/${id}`, {
        headers: {Authorization: `Bearer ${await mintAdminToken(STAFF)}`},
      }),
      {ip: '192.0.2.10', params: {id}},
    )
    return ((await response.json()) as {visitChanges: unknown[]}).visitChanges
  }
  const audits = (action: string) =>
    sql()<{lead_id: string; actor: string; detail: Record<string, unknown>}>`
      SELECT lead_id, actor, detail FROM audit_log WHERE action = ${action} ORDER BY id`

  it('marks a booked visit not checked in 30 minutes after its slot ends, and no other', async () => {
    const missed = await booked(SLOT)
    const notYet = await booked(LATER_SLOT)
    const arrived = await booked(SLOT)
    const cancelled = await booked(SLOT)
    const hourLong = await booked(LATER_SLOT, OTHER_SITE)
    expect(
      (await staffPost(checkInHandler, 'check-in', {visitId: arrived}, at('09:55'))).status,
    ).toBe(200)
    expect((await link(cancelled, NOW, 'cancel')).status).toBe(200)

    // A minute early, nothing; at 30 minutes past its end, the 10:00 visit alone.
    expect(await markNoShows(SLOT_MINUTES, NO_SHOW_TIME - 60_000)).toEqual([])
    expect(await markNoShows(SLOT_MINUTES, NO_SHOW_TIME)).toEqual([missed])
    // Once: a later run marks the visits that came due since, not the first again.
    expect(await markNoShows(SLOT_MINUTES, at('12:00'))).toEqual([notYet])
    expect(await markNoShows(SLOT_MINUTES, at('12:30'))).toEqual([hourLong])
    expect(await markNoShows(SLOT_MINUTES, at('18:00'))).toEqual([])

    const byLead = new Map((await marks()).map((row) => [row.lead_id, row]))
    expect(byLead.get(missed)).toMatchObject({
      no_show_at: new Date(NO_SHOW_TIME),
      no_show_by: 'no-show-job',
      stage: 'no-show',
    })
    expect(byLead.get(arrived)).toMatchObject({no_show_at: null, stage: 'visited'})
    expect(byLead.get(cancelled)).toMatchObject({no_show_at: null})
    expect((await audits('no-show')).map((row) => row.lead_id)).toEqual([missed, notYet, hourLong])
    // A no-show keeps its seat (the arrival's too; the cancellation gave its back).
    expect(await bookedSeats(SITE, SLOT)).toBe(2)
  })

  it('moves the stage to 노쇼 unless staff set it by hand after the booking', async () => {
    const untouched = await booked(SLOT)
    const handled = await booked(SLOT)
    await changePipeline(handled, null, {stage: 'on-hold'}, {at: NOW + 60_000, actor: STAFF})
    await markNoShows(SLOT_MINUTES, NO_SHOW_TIME)
    const stages = new Map((await marks()).map((row) => [row.lead_id, row.stage]))
    expect(stages.get(untouched)).toBe('no-show')
    expect(stages.get(handled)).toBe('on-hold')
    // Both are no-shows all the same, and the lead's history tells it.
    expect((await audits('no-show')).map((row) => row.lead_id).sort()).toEqual(
      [untouched, handled].sort(),
    )
    expect(
      (await audits('stage')).filter((row) => row.actor === 'no-show-job').map((row) => row.detail),
    ).toEqual([{from: 'booked', to: 'no-show'}])
    expect(await history(untouched)).toEqual([
      {
        at: new Date(NO_SHOW_TIME).toISOString(),
        actor: 'no-show-job',
        change: 'no-show',
        from: SLOT,
        to: null,
      },
    ])
  })

  it('texts the visitor the link to book again, and the link opens to book', async () => {
    const leadId = await booked(SLOT)
    expect(await runNoShows({clock: () => NO_SHOW_TIME, houses: testHouses(), texts})).toEqual({
      marked: 1,
    })
    const sent = (await storedTexts()).filter((row) => row.kind === 'no-show')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({lead_id: leadId, status: 'kept'})
    expect(sent[0]!.body).toContain('11월 27일(금) 10:00')
    expect(sent[0]!.body).toContain(`/${SITE}/visit/${visitToken(leadId, process.env, 'owner')}`)
    // The next runs send nothing more.
    await runNoShows({clock: () => at('12:00'), houses: testHouses(), texts})
    await runTexts({clock: () => at('12:00'), content: seedTextContent})
    expect((await storedTexts()).filter((row) => row.kind === 'no-show')).toHaveLength(1)

    // The link still opens the days after (a visit's link otherwise ends with its day).
    const page = await link(leadId, Date.parse('2026-11-30T10:00:00+09:00'))
    expect(page.status).toBe(200)
    expect(page.body.visit).toMatchObject({
      status: 'booked',
      noShowAt: new Date(NO_SHOW_TIME).toISOString(),
      changeable: false,
      confirmable: false,
    })
    // On its own day too, a no-show's page shows no arrival code.
    expect((await link(leadId, at('12:00'))).body.visit.arrivalCode).toBeUndefined()
    expect((await link(leadId, Date.parse('2026-12-05T10:00:00+09:00'))).status).toBe(410)
  })

  it('holds the no-show text through the night and sends it at 08:00', async () => {
    await booked(SLOT)
    const night = at('21:30')
    await runNoShows({clock: () => night, houses: testHouses(), texts})
    const [queued] = (await storedTexts()).filter((row) => row.kind === 'no-show')
    expect(queued).toMatchObject({
      status: 'queued',
      next_attempt_at: new Date('2026-11-28T08:00:00+09:00'),
    })
    await runTexts({clock: () => Date.parse('2026-11-28T07:59:00+09:00'), content: seedTextContent})
    expect((await storedTexts()).find((row) => row.kind === 'no-show')?.status).toBe('queued')
    await runTexts({clock: () => Date.parse('2026-11-28T08:00:00+09:00'), content: seedTextContent})
    expect((await storedTexts()).find((row) => row.kind === 'no-show')?.status).toBe('kept')
  })

  it('skips a no-show text still waiting when the visitor is checked in after all', async () => {
    const leadId = await booked(SLOT)
    await runNoShows({clock: () => at('21:30'), houses: testHouses(), texts})
    // Late that evening the staff check the visitor in: the arrival clears the no-show.
    expect(
      (await staffPost(checkInHandler, 'check-in', {visitId: leadId}, at('21:40'))).status,
    ).toBe(200)
    await runTexts({clock: () => Date.parse('2026-11-28T08:00:00+09:00'), content: seedTextContent})
    expect((await storedTexts()).find((row) => row.kind === 'no-show')?.status).toBe('skipped')
  })

  it('sends no no-show text to a number that refused texts', async () => {
    const leadId = await booked(SLOT)
    await sql()`INSERT INTO text_refusals (phone, created_at, source, actor)
      SELECT phone, ${new Date(NOW)}, '080', 'test' FROM leads WHERE id = ${leadId}::uuid`
    await runNoShows({clock: () => NO_SHOW_TIME, houses: testHouses(), texts})
    await runTexts({clock: () => NO_SHOW_TIME, content: seedTextContent})
    expect((await marks())[0]!.no_show_at).toEqual(new Date(NO_SHOW_TIME))
    expect((await storedTexts()).filter((row) => row.kind === 'no-show')).toEqual([])
  })

  it('records the visitor’s 방문 확인 from the day before, once', async () => {
    const leadId = await booked(SLOT)
    const twoDaysBefore = Date.parse('2026-11-25T23:59:00+09:00')
    const dayBefore = Date.parse('2026-11-26T10:00:00+09:00')
    expect((await link(leadId, twoDaysBefore)).body.visit.confirmable).toBe(false)
    const early = await link(leadId, twoDaysBefore, 'confirm')
    expect(early).toMatchObject({
      status: 409,
      body: {ok: false, error: '방문 확인은 방문 전날부터 하실 수 있습니다.'},
    })
    expect((await link(leadId, dayBefore)).body.visit.confirmable).toBe(true)
    const confirmed = await link(leadId, dayBefore, 'confirm')
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.visit).toMatchObject({
      confirmable: false,
      confirmedAt: new Date(dayBefore).toISOString(),
    })
    // Again (a second tap): the same answer, nothing more recorded.
    const again = await link(leadId, dayBefore + 60_000, 'confirm')
    expect(again.body.visit.confirmedAt).toBe(new Date(dayBefore).toISOString())
    expect(await audits('visit-confirm')).toEqual([
      {lead_id: leadId, actor: 'visitor-link', detail: {}},
    ])

    const list = await listVisitsHandler(
      new Request('http://localhost/api/admin/visits?from=2026-11-27&days=1', {
        headers: {Authorization: `Bearer ${await mintAdminToken(STAFF)}`},
      }),
      {ip: '192.0.2.10'},
      dayBefore,
    )
    expect(((await list.json()) as {items: unknown[]}).items).toEqual([
      expect.objectContaining({
        leadId,
        confirmedAt: new Date(dayBefore).toISOString(),
        noShowAt: null,
        stage: 'booked',
      }),
    ])
  })

  it('refuses 방문 확인 of a cancelled or past visit in Korean', async () => {
    const cancelled = await booked(SLOT)
    expect((await link(cancelled, NOW, 'cancel')).status).toBe(200)
    expect(await link(cancelled, NOW + 60_000, 'confirm')).toMatchObject({
      status: 409,
      body: {error: '취소된 예약은 방문 확인을 할 수 없습니다.'},
    })
    const past = await booked(SLOT)
    expect(await link(past, at('10:05'), 'confirm')).toMatchObject({
      status: 409,
      body: {error: '방문 시간이 지난 예약은 방문 확인을 할 수 없습니다.'},
    })
    expect(await audits('visit-confirm')).toEqual([])
  })

  it('lets staff mark a no-show once the slot has started, with who', async () => {
    const leadId = await booked(SLOT)
    expect(await staffNoShow(leadId, at('09:59'))).toEqual({
      status: 409,
      body: {ok: false, error: '예약 시간이 되기 전에는 노쇼로 처리할 수 없습니다.'},
    })
    const marked = await staffNoShow(leadId, at('10:20'))
    expect(marked).toEqual({
      status: 200,
      body: {
        ok: true,
        visit: {
          leadId,
          start: SLOT,
          noShowAt: new Date(at('10:20')).toISOString(),
          noShowBy: STAFF,
        },
      },
    })
    expect(await staffNoShow(leadId, at('10:21'))).toMatchObject({
      status: 409,
      body: {error: '이미 노쇼로 처리된 예약입니다.'},
    })
    expect(await history(leadId)).toEqual([
      {
        at: new Date(at('10:20')).toISOString(),
        actor: STAFF,
        change: 'no-show',
        from: SLOT,
        to: null,
      },
    ])
    expect((await marks())[0]!.stage).toBe('no-show')
    // The job does not mark it again; the visitor is texted once.
    expect(await markNoShows(SLOT_MINUTES, NO_SHOW_TIME)).toEqual([])
    expect((await storedTexts()).filter((row) => row.kind === 'no-show')).toHaveLength(1)

    // A visitor who comes late after all is checked in: the arrival wins.
    expect(
      (await staffPost(checkInHandler, 'check-in', {visitId: leadId}, at('10:40'))).status,
    ).toBe(200)
    expect((await marks())[0]).toMatchObject({no_show_at: null, stage: 'visited'})
  })

  it('refuses a staff no-show of a cancelled, arrived, unknown or unnamed visit in Korean', async () => {
    const cancelled = await booked(SLOT)
    expect((await link(cancelled, NOW, 'cancel')).status).toBe(200)
    expect(await staffNoShow(cancelled, at('10:20'))).toMatchObject({
      status: 409,
      body: {error: '취소된 예약입니다. 노쇼로 처리할 수 없습니다.'},
    })
    const arrived = await booked(SLOT)
    await staffPost(checkInHandler, 'check-in', {visitId: arrived}, at('09:55'))
    expect(await staffNoShow(arrived, at('10:20'))).toMatchObject({
      status: 409,
      body: {error: '방문을 확인한 예약입니다. 노쇼로 처리할 수 없습니다.'},
    })
    expect(await staffNoShow('6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', at('10:20'))).toMatchObject({
      status: 404,
      body: {error: '예약을 찾을 수 없습니다.'},
    })
    expect(await staffNoShow(42, at('10:20'))).toMatchObject({
      status: 400,
      body: {error: '노쇼로 처리할 예약을 보내 주세요.'},
    })
    expect(await audits('no-show')).toEqual([])
  })

  forEachDatabase('at the same moment', () => {
    it('marks each no-show once however many runs and staff mark it at once', async () => {
      const first = await booked(SLOT)
      const second = await booked(SLOT)
      const runs = await Promise.all([
        markNoShows(SLOT_MINUTES, NO_SHOW_TIME),
        markNoShows(SLOT_MINUTES, NO_SHOW_TIME),
        staffNoShow(first, NO_SHOW_TIME),
        markNoShows(SLOT_MINUTES, NO_SHOW_TIME),
      ])
      const byJob = runs.filter(Array.isArray).flat()
      const byStaff = (runs[2] as {status: number}).status === 200 ? [first] : []
      expect([...byJob, ...byStaff].sort()).toEqual([first, second].sort())
      expect((await audits('no-show')).map((row) => row.lead_id).sort()).toEqual(
        [first, second].sort(),
      )
      expect((await marks()).every((row) => row.no_show_at !== null)).toBe(true)
    })
  })

  describe('the job kept asleep by its marker', () => {
    withTestBlobs()
    const job = (now: number) => runNoShowsJob({clock: () => now, houses: testHouses(), texts})
    const iso = (time: string) => new Date(at(time)).toISOString()

    it('goes to the database when a booked visit could be a no-show, not before', async () => {
      await booked(SLOT)
      await booked(LATER_SLOT, OTHER_SITE)
      // The first run reads the database (no run has yet): the first no-show is due 30 minutes
      // after SLOT's 30-minute slot ends.
      expect(await job(at('10:00'))).toEqual({
        ran: true,
        result: {marked: 0},
        nextDueAt: iso('11:00'),
      })
      expect(await job(at('10:59'))).toMatchObject({ran: false})
      expect(await job(NO_SHOW_TIME)).toEqual({
        ran: true,
        result: {marked: 1},
        nextDueAt: iso('12:30'),
      })
      expect(await job(at('12:29'))).toMatchObject({ran: false})
      expect(await job(at('12:30'))).toMatchObject({ran: true, result: {marked: 1}})
    })

    it('is woken by a visit booked sooner than the one it sleeps for', async () => {
      await booked(LATER_SLOT, OTHER_SITE)
      expect(await job(at('10:00'))).toMatchObject({ran: true, nextDueAt: iso('12:30')})
      // A booking marks the job due 30 minutes after its visit starts; then the run reads the
      // exact time.
      await booked(SLOT)
      expect(await job(at('10:29'))).toEqual({ran: false, nextDueAt: iso('10:30')})
      expect(await job(at('10:30'))).toEqual({
        ran: true,
        result: {marked: 0},
        nextDueAt: iso('11:00'),
      })
    })
  })
})

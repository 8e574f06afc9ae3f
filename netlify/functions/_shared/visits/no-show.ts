import type {Context} from '@netlify/functions'
import {writeVisitAt} from '#shared/visits/visit-time.ts'
import {noteAccess} from '../access-record.ts'
import {NO_SHOW_JOB_ACTOR, VISITOR_LINK_ACTOR} from '../audit.ts'
import {sql, type Sql} from '../database.ts'
import {fail, json} from '../http.ts'
import {isLeadId} from '../leads/store.ts'
import {staffJsonPost} from '../gates/staff.ts'
import {markDue, runWhenDue, type JobRun} from '../next-due.ts'
import {runDeadline} from '../run-deadline.ts'
import {markTextsDue, sendTextsFor, type TextDeps} from '../texts/outbox-run.ts'
import {visitorKey} from '../gates/visitor.ts'
import {ModelHouses} from '../model-houses.ts'
import {lockedVisit} from './store.ts'

/*
 * Visits nobody came to (migration 0024). A booked visit not checked in 30 minutes after its
 * slot ends is marked a no-show by the scheduled job (`no-shows`), and a staff member may mark
 * one once its slot has started. Each is one statement that sets `no_show_at` only while it is
 * empty, moves the lead's stage to 노쇼 and writes the audit entries; the visitor is then texted
 * (kind 'no-show') the link to book again. A no-show keeps its seat: its time has passed.
 */

/** How long after its slot ends a visit not checked in counts as a no-show. */
export const NO_SHOW_AFTER_MINUTES = 30
/** Days after a no-show's visit day its link still opens, to book again. */
export const REBOOK_LINK_DAYS = 7

type Fragment = ReturnType<Sql>

/**
 * The rest of a no-show statement, after a CTE `marked (lead_id, starts_at, booked_at)` of the
 * visits it marked: the lead's stage to 노쇼 where `stageFollows` (an expression over `l` and
 * `m`) holds, a 'no-show' entry per visit and a 'stage' entry per stage changed.
 */
function noShowTail(
  s: Sql,
  {
    at,
    actor,
    visitor,
    stageFollows,
  }: {at: Date; actor: string; visitor: string | null; stageFollows: Fragment},
): Fragment {
  return s`staged AS (
      UPDATE leads l SET stage = 'no-show' FROM marked m
      WHERE l.id = m.lead_id AND l.stage <> 'no-show' AND ${stageFollows}
      RETURNING l.id, (SELECT stage FROM leads WHERE id = l.id) AS before, l.stage AS after
    ), no_show_audit AS (
      INSERT INTO audit_log (at, actor, action, lead_id, detail, visitor)
      SELECT ${at}::timestamptz, ${actor}::text, 'no-show', m.lead_id,
        jsonb_build_object('from', m.starts_at), ${visitor}::text
      FROM marked m
    ), stage_audit AS (
      INSERT INTO audit_log (at, actor, action, lead_id, detail, visitor)
      SELECT ${at}::timestamptz, ${actor}::text, 'stage', st.id,
        jsonb_build_object('from', st.before, 'to', st.after), ${visitor}::text
      FROM staged st
    )`
}

/**
 * Marks every booked visit of a site in `slotMinutes` (site → its slots' length) that nobody
 * checked in and whose slot ended NO_SHOW_AFTER_MINUTES or more before `now`. One statement:
 * a visit is marked once, whoever runs at the same moment (the second run's update waits on
 * the row and finds it marked; a check-in holding the row makes it wait and find it arrived).
 * The lead's stage follows unless a staff member set it by hand after the booking. Answers
 * the leads of the visits marked.
 */
export async function markNoShows(
  slotMinutes: ReadonlyMap<string, number>,
  now: number,
): Promise<string[]> {
  if (slotMinutes.size === 0) return []
  const s = sql()
  const at = new Date(now)
  const sites = JSON.stringify([...slotMinutes].map(([site, minutes]) => ({site, minutes})))
  const rows = await s<{lead_id: string}>`
    WITH house AS (
      SELECT * FROM jsonb_to_recordset(${sites}::jsonb) AS h(site text, minutes integer)
    ), marked AS (
      UPDATE visits v SET no_show_at = ${at}, no_show_by = ${NO_SHOW_JOB_ACTOR}
      FROM house h
      WHERE v.site = h.site AND v.status = 'booked' AND v.arrived_at IS NULL
        AND v.no_show_at IS NULL
        AND v.starts_at + (h.minutes + ${NO_SHOW_AFTER_MINUTES}) * interval '1 minute' <= ${at}
      RETURNING v.lead_id, v.starts_at, v.booked_at
    ), ${noShowTail(s, {
      at,
      actor: NO_SHOW_JOB_ACTOR,
      visitor: null,
      // A staff member's stage change after the booking is theirs to keep.
      stageFollows: s`NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.lead_id = l.id
        AND a.action = 'stage' AND a.at > m.booked_at
        AND a.actor NOT IN (${VISITOR_LINK_ACTOR}, ${NO_SHOW_JOB_ACTOR}))`,
    })}
    SELECT lead_id FROM marked ORDER BY starts_at, lead_id`
  return rows.map((row) => row.lead_id)
}

export interface NoShowRunSummary {
  /** The leads whose visits this run marked. */
  marked: number
}

/** The no-show time of the first visit still to mark, of the sites in `slotMinutes`, or null. */
async function nextNoShowAt(slotMinutes: ReadonlyMap<string, number>): Promise<number | null> {
  if (slotMinutes.size === 0) return null
  const sites = JSON.stringify([...slotMinutes].map(([site, minutes]) => ({site, minutes})))
  const rows = await sql()<{at: Date | null}>`
    WITH house AS (
      SELECT * FROM jsonb_to_recordset(${sites}::jsonb) AS h(site text, minutes integer)
    )
    SELECT min(v.starts_at + (h.minutes + ${NO_SHOW_AFTER_MINUTES}) * interval '1 minute') AS at
    FROM visits v JOIN house h ON h.site = v.site
    WHERE v.status = 'booked' AND v.arrived_at IS NULL AND v.no_show_at IS NULL`
  return rows[0]?.at?.getTime() ?? null
}

/**
 * After a request booked or moved a visit to `visitAt`: the no-shows' job is due when the
 * visit could be marked at the earliest (the run reads its slot's length, and the exact time).
 */
export const watchForNoShow = (visitAt: number): Promise<void> =>
  markDue('no-shows', visitAt + NO_SHOW_AFTER_MINUTES * 60_000)

/** Each site with a model house, with its slots' length as the schedule says now. */
async function slotMinutesOf(houses: ModelHouses): Promise<Map<string, number>> {
  return new Map(
    (await houses.all()).flatMap((entry) =>
      entry.house ? [[entry.site, entry.house.schedule.slotMinutes] as const] : [],
    ),
  )
}

interface NoShowDeps {
  clock?: () => number
  houses?: ModelHouses
  texts?: TextDeps
  /** No text is started from this instant on (runDeadline). */
  deadline?: number
}

/**
 * One run of the scheduled job: marks the no-shows of every site with a model house, then
 * queues and sends each visitor's text until `deadline`. A text that cannot go now, or is
 * left at the deadline, is the texts' sweep's to send (`send-texts`), marked due.
 */
export async function runNoShows({
  clock = Date.now,
  houses = new ModelHouses(),
  texts = {},
  deadline = runDeadline(clock()),
}: NoShowDeps = {}): Promise<NoShowRunSummary> {
  const marked = await markNoShows(await slotMinutesOf(houses), clock())
  let texted = 0
  for (; texted < marked.length && clock() < deadline; texted++)
    await sendTextsFor(marked[texted]!, {clock, ...texts})
  if (texted < marked.length) await markTextsDue(clock())
  return {marked: marked.length}
}

/**
 * The no-shows' job (docs/texts.md#schedules): with no visit due by its marker it answers
 * without the database; otherwise it runs (runNoShows) and sets the marker to the next
 * visit's no-show time.
 */
export async function runNoShowsJob({
  houses = new ModelHouses(),
  ...deps
}: NoShowDeps = {}): Promise<JobRun<NoShowRunSummary>> {
  return runWhenDue(
    'no-shows',
    async () => ({
      result: await runNoShows({houses, ...deps}),
      nextAt: await nextNoShowAt(await slotMinutesOf(houses)),
    }),
    deps.clock ? {clock: deps.clock} : {},
  )
}

const MESSAGES = {
  body: '노쇼로 처리할 예약을 보내 주세요.',
  notFound: '예약을 찾을 수 없습니다.',
  cancelled: '취소된 예약입니다. 노쇼로 처리할 수 없습니다.',
  arrived: '방문을 확인한 예약입니다. 노쇼로 처리할 수 없습니다.',
  already: '이미 노쇼로 처리된 예약입니다.',
  notStarted: '예약 시간이 되기 전에는 노쇼로 처리할 수 없습니다.',
  unavailable: '일시적인 장애로 노쇼를 기록하지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const

const BODY_MAX = 1024

/** A visit a staff member asked to mark, as the statement found it. */
interface AskedVisit {
  marked: boolean
  leadId: string
  status: string
  visitAt: number
  arrived: boolean
  noShowAt: number | null
  noShowBy: string | null
}

interface AskedRow {
  marked: boolean
  lead_id: string
  status: string
  starts_at: Date
  arrived: boolean
  no_show_at: Date | null
  no_show_by: string | null
}

/**
 * Marks the visit of `leadId` (of one of `sites`; null: any) a no-show by a staff member: only
 * while it is booked, not checked in, not marked, and its slot has started. The stage follows
 * (the staff member says so by the tap) unless it is 계약 already. Null: no such visit.
 */
async function markByStaff(
  leadId: string,
  sites: string[] | null,
  {at, actor, visitor}: {at: number; actor: string; visitor: string},
): Promise<AskedVisit | null> {
  const s = sql()
  const when = new Date(at)
  const rows = await s<AskedRow>`
    WITH visit AS (${lockedVisit(s, leadId, sites)}), marked AS (
      UPDATE visits v SET no_show_at = ${when}, no_show_by = ${actor}
      FROM visit WHERE v.lead_id = visit.lead_id AND v.status = 'booked'
        AND v.arrived_at IS NULL AND v.no_show_at IS NULL AND v.starts_at <= ${when}
      RETURNING v.lead_id, v.starts_at, v.booked_at, v.no_show_at, v.no_show_by
    ), ${noShowTail(s, {at: when, actor, visitor, stageFollows: s`l.stage <> 'contracted'`})}
    SELECT m.lead_id IS NOT NULL AS marked, v.lead_id, v.status, v.starts_at,
      v.arrived_at IS NOT NULL AS arrived, coalesce(m.no_show_at, v.no_show_at) AS no_show_at,
      coalesce(m.no_show_by, v.no_show_by) AS no_show_by
    FROM visits v LEFT JOIN marked m ON m.lead_id = v.lead_id
    WHERE v.lead_id = ${leadId}::uuid
      AND (${sites}::text[] IS NULL OR v.site = ANY(${sites}::text[]))`
  const row = rows[0]
  return row
    ? {
        marked: row.marked,
        leadId: row.lead_id,
        status: row.status,
        visitAt: row.starts_at.getTime(),
        arrived: row.arrived,
        noShowAt: row.no_show_at?.getTime() ?? null,
        noShowBy: row.no_show_by,
      }
    : null
}

/**
 * Why a visit found was not marked. The row is read as the statement began: a mark that
 * waited on another's lock is told the visit was marked already.
 */
function refusal(visit: AskedVisit, now: number): Response {
  if (visit.status !== 'booked') return fail(409, MESSAGES.cancelled)
  if (visit.arrived) return fail(409, MESSAGES.arrived)
  if (visit.visitAt > now) return fail(409, MESSAGES.notStarted)
  return fail(409, MESSAGES.already)
}

/**
 * POST /api/admin/visits/no-show `{visitId}`: a staff member marks a visit nobody came to,
 * once its slot has started. 200 `{ok, visit: {leadId, start, noShowAt, noShowBy}}`; a visit
 * not started, cancelled, checked in or marked already is a 409 in Korean and changes nothing.
 */
export async function staffNoShowHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now = Date.now(),
  texts: TextDeps = {},
): Promise<Response> {
  const asking = await staffJsonPost(req, context, {maxBytes: BODY_MAX, notObject: MESSAGES.body})
  if (!asking.ok) return asking.response
  const {staff, body} = asking
  const {visitId} = body
  if (typeof visitId !== 'string') return fail(400, MESSAGES.body)
  if (!isLeadId(visitId)) return fail(404, MESSAGES.notFound)
  noteAccess(req, {leads: [visitId]})
  try {
    const found = await markByStaff(visitId, staff.sites, {
      at: now,
      actor: staff.email,
      visitor: visitorKey(req, context),
    })
    if (!found) return fail(404, MESSAGES.notFound)
    if (!found.marked) return refusal(found, now)
    await sendTextsFor(visitId, {clock: () => now, ...texts})
    return json({
      ok: true,
      visit: {
        leadId: found.leadId,
        start: writeVisitAt(found.visitAt),
        noShowAt: new Date(found.noShowAt!).toISOString(),
        noShowBy: found.noShowBy,
      },
    })
  } catch (error) {
    console.error('visit no-show: database unavailable', error)
    return fail(503, MESSAGES.unavailable)
  }
}

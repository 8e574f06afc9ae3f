import {createHmac} from 'node:crypto'
import type {Context} from '@netlify/functions'
import {kstDate, kstDayEnd, kstDayStart} from '#shared/korea-time.ts'
import {writeVisitAt} from '#shared/visits/visit-time.ts'
import {noteAccess} from '../access-record.ts'
import {auditInsert} from '../audit.ts'
import {signingKey} from '../auth/signing-key.ts'
import {sql} from '../database.ts'
import {fail, json} from '../http.ts'
import {isLeadId} from '../leads/store.ts'
import {staffJsonPost} from '../gates/staff.ts'
import {visitorKey} from '../gates/visitor.ts'
import type {CheckedIn} from '#shared/visits/staff-visits.ts'
import {lockedVisit, selectVisits, type VisitRow} from './store.ts'

/*
 * The visitor's arrival at the model house (migration 0021). On the day of the visit the
 * visitor's link shows a 4-digit arrival code; at the door a staff member types it (or picks
 * the visit in the schedule) and the visit is checked in: when, and by whom, once. The lead's
 * stage follows (방문완료), unless staff already moved it on to a contract.
 */

const CODE = /^\d{4}$/

/**
 * The arrival code of a lead's visit on `day` (YYYY-MM-DD in Seoul): a MAC under AUTH_SECRET,
 * so it needs no stored secret, says nothing of the lead, and is another code on another day.
 * Two visits of a site and day may share one; a check-in by that code then asks for the name.
 */
export function arrivalCode(leadId: string, day: string, env = process.env): string {
  const mac = createHmac('sha256', signingKey(env)).update(`arrival-code:${leadId}:${day}`)
  return String(mac.digest().readUInt32BE(0) % 10_000).padStart(4, '0')
}

/** The code a visit's page shows: only on the visit's day, while it is booked and not arrived. */
export function arrivalCodeOn(visit: VisitRow, now: number, env = process.env): string | null {
  const day = kstDate(now)
  if (visit.status !== 'booked' || visit.arrivedAt !== null) return null
  return kstDate(visit.visitAt) === day ? arrivalCode(visit.leadId, day, env) : null
}

const MESSAGES = {
  body: '도착 확인 번호 4자리나 예약을 보내 주세요.',
  code: '도착 확인 번호는 숫자 4자리입니다.',
  site: '현장을 선택해 주세요.',
  siteRefused: '이 현장의 정보를 볼 권한이 없습니다.',
  noCode: '오늘 이 현장에 그 번호의 예약이 없습니다. 번호와 현장을 확인해 주세요.',
  sharedCode: '같은 번호의 예약이 둘 이상입니다. 방문 일정에서 이름으로 찾아 확인해 주세요.',
  notFound: '예약을 찾을 수 없습니다.',
  cancelled: '취소된 예약입니다. 방문을 확인할 수 없습니다.',
  otherDay: '오늘의 예약이 아닙니다. 방문 일시를 확인해 주세요.',
  arrived: '이미 방문을 확인한 예약입니다.',
  unavailable: '일시적인 장애로 방문을 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const

const BODY_MAX = 1024

/** The visit asked for, and the one site it must be of when the request named a site. */
type Asked = {ok: true; leadId: string; site?: string} | {ok: false; response: Response}

/**
 * The visit a check-in names: by its lead's id (picked in the schedule), by a site's code
 * among today's visits (typed), or by both (a scanned QR code).
 */
async function askedVisit(
  body: Record<string, unknown>,
  sites: string[] | null,
  now: number,
): Promise<Asked> {
  if (typeof body.visitId === 'string' && body.code === undefined) {
    return isLeadId(body.visitId)
      ? {ok: true, leadId: body.visitId}
      : {ok: false, response: fail(404, MESSAGES.notFound)}
  }
  const site = typeof body.site === 'string' ? body.site.trim() : ''
  const code = typeof body.code === 'string' ? body.code.trim() : ''
  const fields: Record<string, string> = {}
  if (!site) fields.site = MESSAGES.site
  if (!CODE.test(code)) fields.code = MESSAGES.code
  if (Object.keys(fields).length > 0)
    return {ok: false, response: fail(400, fields.code ?? MESSAGES.site, fields)}
  if (sites !== null && !sites.includes(site))
    return {ok: false, response: fail(403, MESSAGES.siteRefused, {site: MESSAGES.siteRefused})}
  const today = kstDate(now)
  if (typeof body.visitId === 'string') {
    // A scanned QR code names its visit beside the code: the code must be that visit's today.
    return isLeadId(body.visitId) && arrivalCode(body.visitId, today) === code
      ? {ok: true, leadId: body.visitId, site}
      : {ok: false, response: fail(404, MESSAGES.noCode)}
  }
  const s = sql()
  const todays = await s<{lead_id: string}>`
    SELECT lead_id FROM visits WHERE site = ${site} AND status = 'booked'
      AND starts_at >= ${new Date(kstDayStart(today))} AND starts_at < ${new Date(kstDayEnd(today))}`
  const matching = todays.filter((row) => arrivalCode(row.lead_id, today) === code)
  if (matching.length === 0) return {ok: false, response: fail(404, MESSAGES.noCode)}
  if (matching.length > 1) return {ok: false, response: fail(409, MESSAGES.sharedCode)}
  return {ok: true, leadId: matching[0]!.lead_id, site}
}

export interface CheckInRow {
  checked: boolean
  lead_id: string
  receipt: string
  site: string
  name: string
  starts_at: Date
  status: string
  arrived_at: Date | null
  arrived_by: string | null
}

/**
 * Checks in the visit of `leadId` if it is of one of `sites` (null: any), booked, today's
 * and not checked in yet: the arrival, the lead's stage (방문완료 unless 계약) and both
 * audit entries in one statement. Its row lock makes a second check-in of the same visit
 * wait and then find it checked in, so two staff scanning one code record one arrival.
 */
export async function checkIn(
  leadId: string,
  sites: string[] | null,
  audit: {at: number; actor: string; visitor: string},
): Promise<CheckInRow | null> {
  const s = sql()
  const at = new Date(audit.at)
  const today = kstDate(audit.at)
  const entry = {...audit, leadId}
  const rows = await s<CheckInRow>`
    WITH visit AS (${lockedVisit(s, leadId, sites)}), arrived AS (
      -- A visitor who comes after being marked a no-show came after all: the arrival wins.
      UPDATE visits v SET arrived_at = ${at}, arrived_by = ${audit.actor}, no_show_at = NULL,
        no_show_by = NULL
      FROM visit WHERE v.lead_id = visit.lead_id AND v.status = 'booked' AND v.arrived_at IS NULL
        AND v.starts_at >= ${new Date(kstDayStart(today))}
        AND v.starts_at < ${new Date(kstDayEnd(today))}
      RETURNING v.lead_id, v.arrived_at, v.arrived_by
    ), staged AS (
      UPDATE leads l SET stage = 'visited' FROM arrived a
      WHERE l.id = a.lead_id AND l.stage NOT IN ('visited', 'contracted')
      RETURNING (SELECT stage FROM leads WHERE id = a.lead_id) AS before, l.stage AS after
    ), check_in_audit AS (
      ${auditInsert(s, {...entry, action: 'check-in'})} FROM arrived
    ), stage_audit AS (
      ${auditInsert(
        s,
        {...entry, action: 'stage'},
        s`jsonb_build_object('from', before, 'to', after)`,
      )}
      FROM staged
    )
    SELECT a.lead_id IS NOT NULL AS checked, r.lead_id, r.receipt, r.site, r.name, r.starts_at,
      r.status, coalesce(a.arrived_at, r.arrived_at) AS arrived_at,
      coalesce(a.arrived_by, r.arrived_by) AS arrived_by
    FROM (${selectVisits(s)}) r LEFT JOIN arrived a ON a.lead_id = r.lead_id
    WHERE r.lead_id = ${leadId}::uuid
      AND (${sites}::text[] IS NULL OR r.site = ANY(${sites}::text[]))`
  return rows[0] ?? null
}

/** The checked-in visit as the staff's screens show it. */
export function checkedInOf(row: CheckInRow): CheckedIn {
  return {
    leadId: row.lead_id,
    receipt: row.receipt,
    site: row.site,
    name: row.name,
    start: writeVisitAt(row.starts_at.getTime()),
    arrivedAt: row.arrived_at!.toISOString(),
    arrivedBy: row.arrived_by!,
  }
}

/**
 * Why a visit found was not checked in. The row is read as the statement began: a check-in
 * that waited on another's lock sees the visit booked, today's and not arrived, and was
 * refused because that other check-in recorded the arrival first.
 */
function refusal(row: CheckInRow, now: number): Response {
  if (row.status !== 'booked') return fail(409, MESSAGES.cancelled)
  if (kstDate(row.starts_at.getTime()) !== kstDate(now)) return fail(409, MESSAGES.otherDay)
  return fail(409, MESSAGES.arrived)
}

/**
 * POST /api/admin/visits/check-in `{site, code}`, `{visitId}` or, from a QR code,
 * `{site, code, visitId}`: checks a visitor in at the
 * model house. 200 `{ok, visit}` with the arrival; a code of another day, site or visitor, a
 * cancelled visit or one checked in already is a 4xx in Korean and changes nothing.
 */
export async function checkInHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now = Date.now(),
): Promise<Response> {
  const asking = await staffJsonPost(req, context, {maxBytes: BODY_MAX, notObject: MESSAGES.body})
  if (!asking.ok) return asking.response
  const {staff, body: asked} = asking
  try {
    const visit = await askedVisit(asked, staff.sites, now)
    if (!visit.ok) return visit.response
    noteAccess(req, {leads: [visit.leadId]})
    const row = await checkIn(visit.leadId, visit.site ? [visit.site] : staff.sites, {
      at: now,
      actor: staff.email,
      visitor: visitorKey(req, context),
    })
    if (!row) return fail(404, MESSAGES.notFound)
    if (!row.checked) return refusal(row, now)
    return json({ok: true, visit: checkedInOf(row)})
  } catch (error) {
    console.error('visit check-in: database unavailable', error)
    return fail(503, MESSAGES.unavailable)
  }
}

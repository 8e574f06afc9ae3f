import {addDays, isCalendarDate, kstDate, kstDayStart} from '#shared/korea-time.ts'
import type {Context} from '@netlify/functions'
import {noteAccess} from '../access-record.ts'
import {DATE_FORMAT, fail, json, QUERY_REFUSED} from '../http.ts'
import {readAudit, staffQuery} from '../gates/staff.ts'
import {filterDetail} from '../leads/list.ts'
import {sql} from '../database.ts'
import {writeVisitAt} from '#shared/visits/visit-time.ts'
import {visitRows, type VisitRow} from './store.ts'
import {waitlistCounts} from './waitlist.ts'
import type {StaffVisit, StaffVisitsAnswer} from '#shared/visits/staff-visits.ts'

export const ADMIN_DAYS_DEFAULT = 14
export const ADMIN_DAYS_MAX = 92

const UNAVAILABLE = '일시적인 장애로 방문 예약을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A visit as the staff's screens read it (방문 일정, 오늘). */
export const staffVisit = (visit: VisitRow): StaffVisit => ({
  leadId: visit.leadId,
  receipt: visit.receipt,
  site: visit.site,
  start: writeVisitAt(visit.visitAt),
  status: visit.status,
  name: visit.name,
  phone: visit.phone,
  message: visit.message,
  source: visit.source,
  arrivedAt: iso(visit.arrivedAt),
  arrivedBy: visit.arrivedBy,
  confirmedAt: iso(visit.confirmedAt),
  noShowAt: iso(visit.noShowAt),
  noShowBy: visit.noShowBy,
  stage: visit.stage,
  owner: visit.owner,
})

/**
 * GET /api/admin/visits?site=&from=YYYY-MM-DD&days=N: who is coming, by start (from
 * today for 14 days unless asked otherwise), cancelled visits included with their
 * status, each with its arrival, the visitor's confirmation, its no-show and the lead's
 * stage. Behind the staff's token like the leads, limited to the sites they may see; the
 * view is logged by the statement that reads it.
 */
export async function listVisitsHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now = Date.now(),
): Promise<Response> {
  const asked = await staffQuery(req, context)
  if (!asked.ok) return asked.response
  const {staff, params} = asked
  const fields: Record<string, string> = {}
  const from = params.get('from')?.trim() || kstDate(now)
  if (!isCalendarDate(from)) fields.from = DATE_FORMAT
  const daysText = params.get('days')?.trim()
  const days = daysText ? Number(daysText) : ADMIN_DAYS_DEFAULT
  if (!Number.isInteger(days) || days < 1 || days > ADMIN_DAYS_MAX)
    fields.days = `기간은 1~${ADMIN_DAYS_MAX}일로 입력해 주세요.`
  if (Object.keys(fields).length > 0) return fail(400, QUERY_REFUSED, fields)
  try {
    const s = sql()
    const audit = readAudit(s, req, context, {
      actor: staff.email,
      at: now,
      detail: {view: 'visits', ...filterDetail(params), ...(params.has('days') ? {days} : {})},
    })
    const visits = await visitRows(s, {
      sites: asked.sites,
      from: kstDayStart(from),
      to: kstDayStart(addDays(from, days)),
      audit,
    })
    const range = [kstDayStart(from), kstDayStart(addDays(from, days))] as const
    const waitlist = await waitlistCounts(asked.sites, ...range)
    noteAccess(req, {subject: {count: visits.length}})
    const answer: StaffVisitsAnswer = {items: visits.map(staffVisit), waitlist}
    return json({ok: true, ...answer})
  } catch (error) {
    console.error('admin visits: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

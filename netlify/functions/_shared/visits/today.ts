import type {Context} from '@netlify/functions'
import type {CallOutcome} from '#shared/leads/calls.ts'
import type {LeadStage} from '#shared/leads/lead.ts'
import {CONTACT_LIMIT_HOURS} from '#shared/leads/owners.ts'
import {planCalls, type CallLead, type CallReason, type TodayAnswer} from '#shared/leads/today.ts'
import {addDays, kstDate, kstDayStart} from '#shared/korea-time.ts'
import type {VisitSchedule} from '#shared/visits/schedule.ts'
import {writeVisitAt} from '#shared/visits/visit-time.ts'
import {sql, type Sql} from '../database.ts'
import {fail, json} from '../http.ts'
import {readAudit, staffQuery} from '../gates/staff.ts'
import {noteAccess} from '../access-record.ts'
import {lakeTextContent, type TextContentLoader} from '../texts/content.ts'
import {contactDueAt} from '../texts/owner-alerts.ts'
import {staffVisit} from './admin.ts'
import {ModelHouses} from '../model-houses.ts'
import {visitRows} from '../visits/store.ts'
import {filterDetail} from '../leads/list.ts'

/*
 * A staff member's day (오늘): the visitors expected today, and their own leads to call with
 * the reason each is listed. One request; each part one statement over the leads, visits,
 * waiting list and audit log.
 */

type Fragment = ReturnType<Sql>

/** More calls than a day holds: the list stops here rather than grow without bound. */
export const CALLS_MAX = 500

const UNAVAILABLE = '일시적인 장애로 오늘 할 일을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'

interface CallRow {
  lead_id: string
  kind: CallReason['kind']
  at: Date
  until: Date | null
  receipt: string
  site: string
  name: string
  phone: string
  stage: LeadStage
  last_call_at: Date | null
  last_call_outcome: CallOutcome | null
}

/** A connected call on the lead `lead` since `since`: it reached the visitor. */
const reachedSince = (s: Sql, lead: Fragment, since: Fragment) => s`
  EXISTS (SELECT 1 FROM audit_log a WHERE a.lead_id = ${lead} AND a.action = 'call'
    AND a.detail ->> 'outcome' = 'connected' AND a.at >= ${since})`

/**
 * The reasons to call each lead `owner` owns on `sites` (null: any), one row per reason, the
 * lead's latest call beside it. A call back asked for takes the lead's place: until it is
 * due, the lead is not listed as new or unconfirmed. A connected call ends an unconfirmed
 * visit's reason from the day before the visit on, and an offer's once it was made.
 */
export async function callRows(
  s: Sql,
  {owner, sites, now}: {owner: string; sites: string[] | null; now: number},
): Promise<CallRow[]> {
  const today = kstDate(now)
  const dayStart = new Date(kstDayStart(today))
  const yesterday = new Date(kstDayStart(addDays(today, -1)))
  const tomorrow = new Date(kstDayStart(addDays(today, 1)))
  const dayAfter = new Date(kstDayStart(addDays(today, 2)))
  return s<CallRow>`
    WITH mine AS (
      SELECT l.id, l.receipt, l.site, l.name, l.phone, l.stage, l.created_at, l.callback_at
      FROM leads l
      WHERE l.owner = ${owner} AND l.spam_reason IS NULL
        AND (${sites}::text[] IS NULL OR l.site = ANY(${sites}::text[]))
    ), reasons AS (
      SELECT m.id AS lead_id, 'callback'::text AS kind, m.callback_at AS at,
        NULL::timestamptz AS until
      FROM mine m WHERE m.callback_at < ${tomorrow}
      UNION ALL
      SELECT m.id, 'new', m.created_at, NULL FROM mine m
      WHERE m.stage = 'new' AND m.callback_at IS NULL
      UNION ALL
      SELECT m.id, 'unconfirmed', v.starts_at, NULL
      FROM mine m JOIN visits v ON v.lead_id = m.id
      WHERE m.callback_at IS NULL AND v.status = 'booked'
        AND v.starts_at >= ${dayStart} AND v.starts_at < ${dayAfter}
        AND v.confirmed_at IS NULL AND v.arrived_at IS NULL AND v.no_show_at IS NULL
        AND NOT ${reachedSince(
          s,
          s`m.id`,
          s`CASE WHEN v.starts_at < ${tomorrow} THEN ${yesterday}::timestamptz
            ELSE ${dayStart}::timestamptz END`,
        )}
      UNION ALL
      SELECT m.id, 'offer', w.starts_at, w.offer_expires_at
      FROM mine m JOIN waitlist_entries w ON w.lead_id = m.id
      WHERE w.status = 'offered' AND w.offer_expires_at > ${new Date(now)}
        AND NOT ${reachedSince(s, s`m.id`, s`w.offered_at`)}
    )
    SELECT r.lead_id, r.kind, r.at, r.until, m.receipt, m.site, m.name, m.phone, m.stage,
      last.at AS last_call_at, last.outcome AS last_call_outcome
    FROM reasons r JOIN mine m ON m.id = r.lead_id
      LEFT JOIN LATERAL (
        SELECT a.at, a.detail ->> 'outcome' AS outcome FROM audit_log a
        WHERE a.lead_id = r.lead_id AND a.action = 'call'
        ORDER BY a.at DESC, a.id DESC LIMIT 1
      ) last ON true
    ORDER BY r.at, r.lead_id
    LIMIT ${CALLS_MAX}`
}

const iso = (date: Date) => date.toISOString()

function reasonOf(row: CallRow): CallReason {
  switch (row.kind) {
    case 'new':
      return {kind: 'new', receivedAt: iso(row.at), dueAt: null}
    case 'callback':
      return {kind: 'callback', at: iso(row.at)}
    case 'unconfirmed':
      return {kind: 'unconfirmed', visitAt: writeVisitAt(row.at.getTime())}
    case 'offer':
      return {kind: 'offer', visitAt: writeVisitAt(row.at.getTime()), until: iso(row.until!)}
  }
}

/** The rows gathered per lead, in the order the query found them. */
export function callLeads(rows: readonly CallRow[]): CallLead[] {
  const leads = new Map<string, CallLead>()
  for (const row of rows) {
    const lead = leads.get(row.lead_id) ?? {
      leadId: row.lead_id,
      receipt: row.receipt,
      site: row.site,
      name: row.name,
      phone: row.phone,
      stage: row.stage,
      reasons: [],
      lastCall:
        row.last_call_at && row.last_call_outcome
          ? {at: iso(row.last_call_at), outcome: row.last_call_outcome}
          : null,
    }
    lead.reasons.push(reasonOf(row))
    leads.set(row.lead_id, lead)
  }
  return [...leads.values()]
}

export interface TodayDeps {
  clock?: () => number
  houses?: Pick<ModelHouses, 'get'>
  content?: TextContentLoader
}

/**
 * Each new lead's contact limit: the site's hours (site.contactLimitHours) counted in its
 * model house's opening hours, as the administrators' alert counts them. When the lake
 * cannot be read the limits stay unknown (null) and the list is still answered.
 */
async function withContactLimits(
  leads: CallLead[],
  {houses, content}: Required<Pick<TodayDeps, 'houses' | 'content'>>,
): Promise<CallLead[]> {
  const fresh = leads.filter((lead) => lead.reasons.some((reason) => reason.kind === 'new'))
  if (fresh.length === 0) return leads
  try {
    const texts = await content()
    const limits = new Map<string, {hours: number; schedule: VisitSchedule | null}>()
    for (const site of new Set(fresh.map((lead) => lead.site)))
      limits.set(site, {
        hours: texts.sites.get(site)?.contactLimitHours ?? CONTACT_LIMIT_HOURS,
        schedule: (await houses.get(site))?.house?.schedule ?? null,
      })
    return leads.map((lead) => ({
      ...lead,
      reasons: lead.reasons.map((reason) => {
        if (reason.kind !== 'new') return reason
        const limit = limits.get(lead.site)!
        const due = contactDueAt(Date.parse(reason.receivedAt), limit.hours, limit.schedule)
        return {...reason, dueAt: due === null ? null : new Date(due).toISOString()}
      }),
    }))
  } catch (error) {
    console.error('today: the contact limits could not be read', error)
    return leads
  }
}

/**
 * GET /api/admin/today?site=: the day of the signed-in staff member, in Seoul: `visits`, the
 * booked visits of today on their sites (or the one asked for) by time, each with its arrival
 * state, as 방문 일정 lists them; `calls`, their own leads to call (`planCalls`: overdue first).
 * Another site is a 403; the read is logged like the lists.
 */
export function createTodayHandler({
  clock = Date.now,
  houses = new ModelHouses(),
  content = lakeTextContent,
}: TodayDeps = {}) {
  return async (req: Request, context: Pick<Context, 'ip'>): Promise<Response> => {
    const asked = await staffQuery(req, context)
    if (!asked.ok) return asked.response
    const {staff, params, sites} = asked
    const now = clock()
    const today = kstDate(now)
    try {
      const s = sql()
      const audit = readAudit(s, req, context, {
        actor: staff.email,
        at: now,
        detail: {view: 'today', ...filterDetail(params)},
      })
      const [visits, rows] = await Promise.all([
        visitRows(s, {
          sites,
          from: kstDayStart(today),
          to: kstDayStart(addDays(today, 1)),
          audit,
        }),
        callRows(s, {owner: staff.email, sites, now}),
      ])
      const leads = await withContactLimits(callLeads(rows), {houses, content})
      const booked = visits.filter((visit) => visit.status === 'booked').map(staffVisit)
      const calls = planCalls(leads, now)
      noteAccess(req, {subject: {count: booked.length + calls.length}})
      const answer: TodayAnswer = {date: today, visits: booked, calls}
      return json({ok: true, ...answer})
    } catch (error) {
      console.error('admin today: database unavailable', error)
      return fail(503, UNAVAILABLE)
    }
  }
}

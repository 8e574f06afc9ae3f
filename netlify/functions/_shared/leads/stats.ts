import {addDays, isCalendarDate, kstDate, kstDayStart} from '#shared/korea-time.ts'
import type {Context} from '@netlify/functions'
import {funnel} from '#shared/leads/funnel.ts'
import type {LeadStage} from '#shared/leads/lead.ts'
import {noteAccess} from '../access-record.ts'
import {sql} from '../database.ts'
import {DATE_FORMAT, fail, json, QUERY_REFUSED} from '../http.ts'
import {readAudit, staffQuery} from '../gates/staff.ts'
import type {Stats, StatsCount, VisitOutcomes} from '#shared/leads/stats.ts'

/*
 * GET /api/admin/stats?site=&from=&to=: the dashboard's figures over the leads (not spam)
 * received from `from` to `to` (Seoul dates, both included; the last 30 days unless asked),
 * of the sites the staff member may see. One statement of SQL aggregates. "People" counts
 * each phone once per site, beside the raw count of registrations. Beside them, what became
 * of the visits whose slots fall in the period, read from the records of the door and the
 * waiting list (check-ins, no-shows, entries), never from stages set by hand.
 */

export const STATS_DAYS_DEFAULT = 30
export const STATS_DAYS_MAX = 366
/** Days of coming visits the dashboard shows, from today. */
export const UPCOMING_DAYS = 14

/**
 * GROUPING(day, source, utm_source, utm_campaign, stage) of each grouping set: a bit per
 * column left out of the set (day the highest). The figures are one pass over the leads,
 * each person numbered once (dense_rank over site and phone), since a count of distinct
 * (site, phone) rows per figure measured seven times slower on 20,000 leads.
 */
const GROUPED_BY = {all: 31, day: 15, source: 23, utm: 25, stage: 30} as const
/** GROUPING(day, utm_source, utm_campaign) of the visits' grouping sets, likewise. */
const VISITS_GROUPED_BY = {all: 7, day: 3, utm: 4} as const

const NO_VISITS: VisitOutcomes = {
  due: 0,
  arrived: 0,
  noShows: 0,
  walkIns: 0,
  joined: 0,
  offered: 0,
  claimed: 0,
}

const UNAVAILABLE = '일시적인 장애로 통계를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'

export async function statsHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now = Date.now(),
): Promise<Response> {
  const asked = await staffQuery(req, context)
  if (!asked.ok) return asked.response
  const {staff, params, sites} = asked
  const fields: Record<string, string> = {}
  const to = params.get('to')?.trim() || kstDate(now)
  if (!isCalendarDate(to)) fields.to = DATE_FORMAT
  // The default start is counted back from `to`, so only from a real date.
  const from = params.get('from')?.trim() || (fields.to ? '' : addDays(to, 1 - STATS_DAYS_DEFAULT))
  if (from && !isCalendarDate(from)) fields.from = DATE_FORMAT
  if (Object.keys(fields).length === 0) {
    if (from > to) fields.to = '종료일은 시작일과 같거나 그 이후여야 합니다.'
    else if (kstDayStart(to) - kstDayStart(from) >= STATS_DAYS_MAX * 86_400_000)
      fields.from = `기간은 ${STATS_DAYS_MAX}일 이내로 정해 주세요.`
  }
  if (Object.keys(fields).length > 0) return fail(400, QUERY_REFUSED, fields)
  const today = kstDate(now)
  try {
    const s = sql()
    const audit = readAudit(s, req, context, {
      actor: staff.email,
      at: now,
      detail: {view: 'stats', from, to, ...(params.get('site') ? {site: params.get('site')} : {})},
    })
    const [row] = await s<{
      totals: StatsCount
      per_day: Stats['perDay'] | null
      by_source: Stats['bySource'] | null
      by_utm: Stats['byUtm'] | null
      by_stage: Array<{stage: LeadStage; leads: number}> | null
      upcoming: Stats['upcomingVisits'] | null
      visit_totals: VisitOutcomes | null
      visits_per_day: Stats['visits']['perDay'] | null
      visits_by_utm: Stats['visits']['byUtm'] | null
    }>`
      WITH audit AS (${audit}),
      scoped AS (
        SELECT l.source, l.stage, l.utm_source, l.utm_campaign,
          to_char(l.created_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD') AS day,
          dense_rank() OVER (ORDER BY l.site, l.phone) AS person
        FROM leads l
        WHERE l.spam_reason IS NULL
          AND l.created_at >= ${new Date(kstDayStart(from))}
          AND l.created_at < ${new Date(kstDayStart(addDays(to, 1)))}
          AND (${sites}::text[] IS NULL OR l.site = ANY(${sites}::text[]))
      ), grouped AS (
        SELECT GROUPING(day, source, utm_source, utm_campaign, stage) AS g, day, source,
          utm_source, utm_campaign, stage, count(*) AS leads, count(DISTINCT person) AS people
        FROM scoped
        GROUP BY GROUPING SETS ((), (day), (source), (utm_source, utm_campaign), (stage))
      ), visit_records AS (
        -- A visit is due once its slot has started (or it is checked in or marked already): a
        -- coming one counts nowhere yet. A walk-in came without a booking, so it stands apart
        -- from the rates of the booked.
        SELECT to_char(r.starts_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD') AS day,
          l.utm_source, l.utm_campaign,
          r.visit AND l.source <> 'walk-in'
            AND (r.starts_at <= ${new Date(now)} OR r.arrived OR r.no_show) AS due,
          r.visit AND l.source <> 'walk-in' AND r.arrived AS arrived,
          r.no_show, r.visit AND l.source = 'walk-in' AS walk_in, NOT r.visit AS joined,
          r.offered, r.claimed
        FROM (
          SELECT lead_id, site, starts_at, true AS visit, arrived_at IS NOT NULL AS arrived,
            no_show_at IS NOT NULL AS no_show, false AS offered, false AS claimed
          FROM visits WHERE status = 'booked'
          UNION ALL
          SELECT lead_id, site, starts_at, false, false, false, offered_at IS NOT NULL,
            status = 'claimed'
          FROM waitlist_entries
        ) r JOIN leads l ON l.id = r.lead_id
        WHERE l.spam_reason IS NULL
          AND r.starts_at >= ${new Date(kstDayStart(from))}
          AND r.starts_at < ${new Date(kstDayStart(addDays(to, 1)))}
          AND (${sites}::text[] IS NULL OR r.site = ANY(${sites}::text[]))
      ), visit_grouped AS (
        SELECT GROUPING(day, utm_source, utm_campaign) AS g, day, utm_source, utm_campaign,
          json_build_object('due', count(*) FILTER (WHERE due),
            'arrived', count(*) FILTER (WHERE arrived),
            'noShows', count(*) FILTER (WHERE no_show),
            'walkIns', count(*) FILTER (WHERE walk_in),
            'joined', count(*) FILTER (WHERE joined),
            'offered', count(*) FILTER (WHERE offered),
            'claimed', count(*) FILTER (WHERE claimed)) AS outcomes
        FROM visit_records
        WHERE due OR walk_in OR joined
        GROUP BY GROUPING SETS ((), (day), (utm_source, utm_campaign))
      )
      SELECT
        (SELECT json_build_object('leads', leads, 'people', people) FROM grouped
          WHERE g = ${GROUPED_BY.all}) AS totals,
        (SELECT json_agg(json_build_object('date', day, 'leads', leads, 'people', people)
          ORDER BY day) FROM grouped WHERE g = ${GROUPED_BY.day}) AS per_day,
        (SELECT json_agg(json_build_object('source', source, 'leads', leads, 'people', people)
          ORDER BY leads DESC, source) FROM grouped WHERE g = ${GROUPED_BY.source}) AS by_source,
        (SELECT json_agg(json_build_object('utmSource', utm_source, 'utmCampaign', utm_campaign,
            'leads', leads, 'people', people) ORDER BY leads DESC, utm_source, utm_campaign)
          FROM grouped WHERE g = ${GROUPED_BY.utm}) AS by_utm,
        (SELECT json_agg(json_build_object('stage', stage, 'leads', leads)) FROM grouped
          WHERE g = ${GROUPED_BY.stage}) AS by_stage,
        (SELECT json_agg(v ORDER BY v.date) FROM (
          SELECT to_char(starts_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD') AS date,
            count(*) AS visits
          FROM visits
          WHERE status = 'booked' AND starts_at >= ${new Date(kstDayStart(today))}
            AND starts_at < ${new Date(kstDayStart(addDays(today, UPCOMING_DAYS)))}
            AND (${sites}::text[] IS NULL OR site = ANY(${sites}::text[]))
          GROUP BY 1) v) AS upcoming,
        (SELECT outcomes FROM visit_grouped WHERE g = ${VISITS_GROUPED_BY.all}) AS visit_totals,
        (SELECT json_agg((json_build_object('date', day)::jsonb || outcomes::jsonb) ORDER BY day)
          FROM visit_grouped WHERE g = ${VISITS_GROUPED_BY.day}) AS visits_per_day,
        (SELECT json_agg((json_build_object('utmSource', utm_source, 'utmCampaign', utm_campaign)
            ::jsonb || outcomes::jsonb)
            ORDER BY (outcomes->>'due')::int DESC, (outcomes->>'joined')::int DESC, utm_source,
              utm_campaign)
          FROM visit_grouped WHERE g = ${VISITS_GROUPED_BY.utm}) AS visits_by_utm`
    const byStage = Object.fromEntries((row?.by_stage ?? []).map((st) => [st.stage, st.leads]))
    const booked = new Map((row?.upcoming ?? []).map((day) => [day.date, day.visits]))
    const stats: Stats = {
      from,
      to,
      totals: row?.totals ?? {leads: 0, people: 0},
      perDay: row?.per_day ?? [],
      bySource: row?.by_source ?? [],
      byUtm: row?.by_utm ?? [],
      funnel: funnel(byStage),
      // Every one of the days, a day without visits as 0: the chart draws each day's bar.
      upcomingVisits: Array.from({length: UPCOMING_DAYS}, (_, index) => {
        const date = addDays(today, index)
        return {date, visits: booked.get(date) ?? 0}
      }),
      visits: {
        totals: row?.visit_totals ?? NO_VISITS,
        perDay: row?.visits_per_day ?? [],
        byUtm: row?.visits_by_utm ?? [],
      },
    }
    noteAccess(req, {subject: {count: stats.totals.leads}})
    return json({ok: true, ...stats})
  } catch (error) {
    console.error('admin stats: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

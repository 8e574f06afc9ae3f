import type {Env} from '#config/settings.ts'
import {administrators} from '../auth/admin-users.ts'
import {addDays, KST_OFFSET_MS, kstDate, kstDayStart} from '#shared/korea-time.ts'
import {CONTACT_LIMIT_HOURS} from '#shared/leads/owners.ts'
import {KOREAN_HOLIDAYS} from '#shared/visits/holidays.ts'
import {plainValue} from '#shared/texts/render.ts'
import {formatVisitAtInText} from '#shared/visits/visit-time.ts'
import {
  closedReason,
  minutesOf,
  type HolidayMap,
  type VisitSchedule,
} from '#shared/visits/schedule.ts'
import {sql} from '../database.ts'
import type {ModelHouses} from '../model-houses.ts'
import type {TextContent} from './content.ts'
import {maskName, queueMatterAlerts, type MatterAlert} from './staff-alerts.ts'

/*
 * Alerts about a lead to the people who answer for it, folded like the new leads' alerts
 * (./staff-alerts.ts): the owner hears when the visitor cancels or moves the visit through
 * their link; the site's administrators hear of a new lead nobody contacted within the
 * site's limit (site.contactLimitHours, counted in the model house's opening hours).
 */

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
/** Days the opening hours are walked for a lead's limit; a house closed longer never alerts. */
const DAYS_WALKED = 60
/** The sweep reads leads this far back: a limit runs over a long weekend, not further. */
export const CONTACT_SWEEP_MS = 7 * 24 * HOUR_MS
const SWEEP_LIMIT = 500

/**
 * The phones that reach `emails` on `site`: each one's own number (site.staffContacts), and
 * the site's alert list (site.staffAlertPhones) when none of them has one.
 */
export function phonesOf(content: TextContent, site: string, emails: readonly string[]): string[] {
  const entry = content.sites.get(site)
  const own = (entry?.staffContacts ?? [])
    .filter((contact) => emails.includes(contact.email))
    .map((contact) => contact.phone)
  return [...new Set(own.length > 0 ? own : (entry?.staffPhones ?? []))]
}

/**
 * When a lead made at `createdAt` has waited `limitHours` of the model house's opening hours
 * (its weekdays' ranges, less its closed dates and the holidays it does not open on), or of
 * the clock for a site without a model house. Null: the house opens too little in the
 * next 60 days for the limit to run out.
 */
export function contactDueAt(
  createdAt: number,
  limitHours: number,
  schedule: VisitSchedule | null,
  holidays: HolidayMap = KOREAN_HOLIDAYS,
): number | null {
  let left = limitHours * HOUR_MS
  if (!schedule) return createdAt + left
  let date = kstDate(createdAt)
  for (let day = 0; day < DAYS_WALKED; day++, date = addDays(date, 1)) {
    if (closedReason(schedule, date, holidays)) continue
    const dayStart = kstDayStart(date)
    const weekday = new Date(dayStart + KST_OFFSET_MS).getUTCDay()
    const ranges = schedule.hours
      .filter((hours) => hours.weekday === weekday)
      .map((hours) => [minutesOf(hours.opens), minutesOf(hours.closes)] as const)
      .filter((range): range is readonly [number, number] => range[0] !== null && range[1] !== null)
      .sort((a, b) => a[0] - b[0])
    for (const [opens, closes] of ranges) {
      const start = Math.max(dayStart + opens * MINUTE_MS, createdAt)
      const end = dayStart + closes * MINUTE_MS
      if (end <= start) continue
      if (end - start >= left) return start + left
      left -= end - start
    }
  }
  return null
}

interface VisitChangeRow {
  id: string
  site: string
  name: string
  phone: string
  owner: string | null
  revision: number
  status: 'booked' | 'cancelled'
  starts_at: Date
  by_visitor: boolean | null
  moved_from: string | null
}

/** `홍*동 010-1234-5678 · 예약 취소 11월 27일(금) 10:00` or `… · 방문 변경 … → …`. */
function visitLine(row: VisitChangeRow): string {
  const who = `${maskName(plainValue(row.name))} ${row.phone}`
  const at = formatVisitAtInText(row.starts_at.getTime())
  if (row.status === 'cancelled') return `${who} · 예약 취소 ${at}`
  const from = row.moved_from ? `${formatVisitAtInText(Date.parse(row.moved_from))} → ` : ''
  return `${who} · 방문 변경 ${from}${at}`
}

/**
 * Alerts the owners of the visits changed since their owner was last alerted (the lead
 * `leadId`'s, or those changed since `since`): to the owner's own phone, else the site's
 * alert list. Only a change the visitor made through their link is alerted; a staff
 * member's change is marked without a text (they made it).
 */
export async function alertVisitChanges(
  where: {leadId: string} | {since: number},
  content: () => Promise<TextContent>,
  now: number,
): Promise<void> {
  const s = sql()
  const filter =
    'leadId' in where
      ? s`v.lead_id = ${where.leadId}::uuid`
      : s`v.changed_at > ${new Date(where.since)}`
  const rows = await s<VisitChangeRow>`
    SELECT l.id, l.site, l.name, l.phone, l.owner, v.revision, v.status, v.starts_at,
      last.actor = 'visitor-link' AS by_visitor, last.detail ->> 'from' AS moved_from
    FROM visits v JOIN leads l ON l.id = v.lead_id
      LEFT JOIN LATERAL (
        SELECT a.actor, a.detail FROM audit_log a
        WHERE a.lead_id = v.lead_id AND a.action IN ('visit-move', 'visit-cancel')
        ORDER BY a.at DESC, a.id DESC LIMIT 1
      ) last ON true
    WHERE ${filter} AND v.revision > coalesce(v.owner_alerted_revision, 1)
    ORDER BY v.changed_at LIMIT ${SWEEP_LIMIT}`
  if (rows.length === 0) return
  const texts = await content()
  const alerts: MatterAlert[] = rows.map((row) => ({
    leadId: row.id,
    site: row.site,
    phones: row.by_visitor ? phonesOf(texts, row.site, row.owner ? [row.owner] : []) : [],
    line: visitLine(row),
    revision: row.revision,
  }))
  await queueMatterAlerts(
    'visit',
    alerts,
    texts,
    (s) => s`
      UPDATE visits v SET owner_alerted_revision = v.revision
      FROM input i JOIN leads l ON l.id = i.lead_id
      WHERE v.lead_id = i.lead_id AND v.revision = i.revision
        AND v.owner_alerted_revision IS DISTINCT FROM v.revision
      RETURNING l.id, l.site, l.created_at, i.site_name, i.phones, i.line`,
    now,
  )
}

interface UncontactedRow {
  id: string
  site: string
  name: string
  phone: string
  owner: string | null
  created_at: Date
}

/**
 * Alerts the site's administrators (their own phones, else the site's alert list) of each
 * new lead nobody contacted within the site's limit: still 신규, and no call recorded. The
 * statement that queues an alert marks the lead and checks again that it is uncontacted,
 * so a lead is alerted once, and not after a contact that came meanwhile. Answers when the
 * next lead read is due its alert (a lead younger than its limit counts at the limit, which
 * the opening hours only lengthen), and whether every lead due was read (the limit of a read).
 */
export async function alertUncontacted(
  content: () => Promise<TextContent>,
  houses: Pick<ModelHouses, 'get'>,
  env: Env,
  now: number,
): Promise<{nextAt: number | null; complete: boolean}> {
  const s = sql()
  const rows = await s<UncontactedRow>`
    SELECT l.id, l.site, l.name, l.phone, l.owner, l.created_at FROM leads l
    WHERE l.stage = 'new' AND l.contact_alerted_at IS NULL AND l.spam_reason IS NULL
      AND l.created_at > ${new Date(now - CONTACT_SWEEP_MS)}
      AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.lead_id = l.id AND a.action = 'call')
    ORDER BY l.created_at LIMIT ${SWEEP_LIMIT}`
  const complete = rows.length < SWEEP_LIMIT
  if (rows.length === 0) return {nextAt: null, complete}
  const texts = await content()
  const admins = await administrators(env)
  const due: MatterAlert[] = []
  let nextAt: number | null = null
  const later = (at: number) => (nextAt = Math.min(nextAt ?? at, at))
  for (const row of rows) {
    const limit = texts.sites.get(row.site)?.contactLimitHours ?? CONTACT_LIMIT_HOURS
    // Opening hours only lengthen the wait: a lead younger than the limit is not due yet.
    const earliest = row.created_at.getTime() + limit * HOUR_MS
    if (earliest > now) {
      later(earliest)
      continue
    }
    const house = (await houses.get(row.site))?.house ?? null
    const dueAt = contactDueAt(row.created_at.getTime(), limit, house?.schedule ?? null)
    if (dueAt !== null && dueAt > now) later(dueAt)
    if (dueAt === null || dueAt > now) continue
    const owner = row.owner ? ` · 담당 ${row.owner.split('@')[0]}` : ' · 담당 없음'
    due.push({
      leadId: row.id,
      site: row.site,
      phones: phonesOf(texts, row.site, admins),
      line: `${maskName(plainValue(row.name))} ${row.phone}${owner} · ${formatVisitAtInText(row.created_at.getTime())} 접수`,
    })
  }
  await queueMatterAlerts(
    'contact',
    due,
    texts,
    (s) => s`
      UPDATE leads l SET contact_alerted_at = ${new Date(now)}
      FROM input i
      WHERE l.id = i.lead_id AND l.contact_alerted_at IS NULL AND l.stage = 'new'
        AND l.spam_reason IS NULL
        AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.lead_id = l.id AND a.action = 'call')
      RETURNING l.id, l.site, l.created_at, i.site_name, i.phones, i.line`,
    now,
  )
  return {nextAt, complete}
}

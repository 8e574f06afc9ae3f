import {SOURCE_LABELS} from '#shared/leads/labels.ts'
import type {LeadSource} from '#shared/leads/lead.ts'
import {plainValue, STAFF_ALERT_KIND} from '#shared/texts/render.ts'
import {formatVisitAtInText} from '#shared/visits/visit-time.ts'
import {sql, type Sql} from '../database.ts'
import type {TextContent} from './content.ts'
import {foldWindow} from './fold.ts'

type Fragment = ReturnType<Sql>

/*
 * Alerts to the counsellors on duty: each new lead that is not spam is texted to the staff
 * phones its site lists (site.staffAlertPhones), one short line per lead. A burst folds
 * (./fold.ts): per phone and site one text per window, due at the window's end, which
 * every lead of the window appends its line to. A lead is marked alerted in the statement that
 * queues its lines, so it is alerted once however many callers try (the registration at
 * once, the scheduled sweep after a failure).
 */

/** Lines an alert spells out; the rest are counted ("외 N건"). */
const LINES_SHOWN = 2

/** 홍길동 → 홍*동, 남궁민수 → 남**수, 홍길 → 홍*: the first and last character stay. */
export function maskName(name: string): string {
  const characters = Array.from(name.trim())
  if (characters.length <= 1) return '*'
  if (characters.length === 2) return `${characters[0]}*`
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters.at(-1)}`
}

export interface AlertLead {
  id: string
  site: string
  name: string
  phone: string
  source: LeadSource
  /** The booked visit's start, when the lead booked one. */
  visitAt: number | null
}

/**
 * One lead's line: `홍*동 010-1234-5678 · 팝업 · 11월 29일(일) 14:00 방문`; the name as
 * plain as a visitor's text carries it.
 */
export function alertLine(lead: AlertLead): string {
  const parts = [
    `${maskName(plainValue(lead.name))} ${lead.phone}`,
    SOURCE_LABELS[lead.source] ?? lead.source,
  ]
  if (lead.visitAt !== null) parts.push(`${formatVisitAtInText(lead.visitAt)} 방문`)
  return parts.join(' · ')
}

/**
 * What an alert is about: its heading, and what its fold_key starts with (a new lead's is
 * the site alone, as it was before the other matters). Each matter folds on its own.
 */
export const ALERT_MATTERS = {
  lead: {heading: '새 문의', fold: ''},
  contact: {heading: '연락 기한 지난 문의', fold: 'contact '},
  visit: {heading: '방문객 예약 변경', fold: 'visit '},
} as const
export type AlertMatter = keyof typeof ALERT_MATTERS

/**
 * The text of an alert whose lines are `lines` (a jsonb array), as SQL, so that a row
 * folding another lead is rewritten in the statement that appends the line:
 * `[단지] 새 문의: …` for one lead, `[단지] 새 문의 3건: …, … 외 1건` for more.
 */
function alertBody(s: Sql, site: Fragment, lines: Fragment, heading: Fragment): Fragment {
  return s`'[' || ${site} || '] ' || ${heading} || CASE WHEN jsonb_array_length(${lines}) = 1
      THEN ': ' || (${lines} ->> 0)
      ELSE ' ' || jsonb_array_length(${lines}) || '건: '
        || (SELECT string_agg(line, ', ' ORDER BY n) FROM jsonb_array_elements_text(${lines})
          WITH ORDINALITY AS shown(line, n) WHERE n <= ${LINES_SHOWN}::int)
        || CASE WHEN jsonb_array_length(${lines}) > ${LINES_SHOWN}::int
          THEN ' 외 ' || (jsonb_array_length(${lines}) - ${LINES_SHOWN}::int) || '건' ELSE '' END
    END`
}

/**
 * The insert of a matter's alerts from `folded` (a CTE of phone, site, site_name, lead_id and
 * lines): per phone it opens the matter's alert of the current window, or appends the lines
 * to it. A window's row already claimed for sending (a clock running ahead elsewhere) takes
 * no more lines.
 */
function insertFolded(s: Sql, matter: AlertMatter, now: number): Fragment {
  const fold = foldWindow(now)
  const {heading, fold: prefix} = ALERT_MATTERS[matter]
  return s`
    INSERT INTO text_messages AS t (id, lead_id, kind, revision, recipient, body, variables,
      status, attempts, created_at, next_attempt_at, fold_key)
    SELECT gen_random_uuid(), f.lead_id, ${STAFF_ALERT_KIND}, 1, f.phone,
      ${alertBody(s, s`f.site_name`, s`f.lines`, s`${heading}::text`)},
      jsonb_build_object('단지', f.site_name, 'lines', f.lines, '알림', ${heading}::text),
      'queued', 0, ${new Date(now)}::timestamptz, ${fold.dueAt}::timestamptz,
      ${prefix}::text || f.site || ' ' || ${fold.start}
    FROM folded f
    ON CONFLICT (recipient, fold_key) DO UPDATE SET
      variables = jsonb_set(t.variables, '{lines}',
        (t.variables -> 'lines') || (EXCLUDED.variables -> 'lines')),
      body = ${alertBody(
        s,
        s`(t.variables ->> '단지')`,
        s`((t.variables -> 'lines') || (EXCLUDED.variables -> 'lines'))`,
        s`coalesce(t.variables ->> '알림', ${ALERT_MATTERS.lead.heading}::text)`,
      )}
    WHERE t.status = 'queued' AND t.claim_id IS NULL`
}

/** Per phone and site, the marked leads' lines in order: the rows insertFolded takes. */
const foldedLines = (s: Sql) => s`
  SELECT p.phone, m.site, min(m.site_name) AS site_name,
    (array_agg(m.id ORDER BY m.created_at, m.id))[1] AS lead_id,
    jsonb_agg(m.line ORDER BY m.created_at, m.id) AS lines
  FROM marked m CROSS JOIN LATERAL unnest(m.phones) AS p(phone)
  GROUP BY p.phone, m.site`

/**
 * Queues the alerts of `leads` (one statement): marks each lead not yet alerted and not
 * spam as alerted, and for each phone its site lists now either opens the phone's alert
 * of the current window or appends the lead's line to it. A lead whose site lists no
 * phone is marked all the same: it has nobody to alert.
 */
export async function queueStaffAlerts(
  leads: AlertLead[],
  content: TextContent,
  now: number,
): Promise<void> {
  if (leads.length === 0) return
  const s = sql()
  const input = leads.map((lead) => {
    const site = content.sites.get(lead.site)
    return {
      lead_id: lead.id,
      site_name: site?.name || lead.site,
      phones: site?.staffPhones ?? [],
      line: alertLine(lead),
    }
  })
  await s`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        AS x(lead_id uuid, site_name text, phones text[], line text)
    ), marked AS (
      UPDATE leads l SET staff_alerted_at = ${new Date(now)}
      FROM input i
      WHERE l.id = i.lead_id AND l.staff_alerted_at IS NULL AND l.spam_reason IS NULL
      RETURNING l.id, l.site, l.created_at, i.site_name, i.phones, i.line
    ), folded AS (${foldedLines(s)})
    ${insertFolded(s, 'lead', now)}`
}

/** A lead with the person it concerns (its owner), for the alerts of ./owner-alerts.ts. */
export interface MatterAlert {
  leadId: string
  site: string
  /** The phones to text (normalized); none: the lead is marked all the same. */
  phones: readonly string[]
  line: string
  /** The visit revision alerted of ('visit'). */
  revision?: number
}

/**
 * Queues the alerts of `matter` ('contact' or 'visit') in one statement with `mark`, an
 * UPDATE over `input` (lead_id, phones, line, site_name, revision) that returns the rows still to alert
 * (id, site, created_at, site_name, phones, line): what it does not return (marked already,
 * or no longer due) is not alerted, so each alert goes once however many callers try.
 */
export async function queueMatterAlerts(
  matter: Exclude<AlertMatter, 'lead'>,
  alerts: MatterAlert[],
  content: TextContent,
  mark: (s: Sql) => Fragment,
  now: number,
): Promise<void> {
  if (alerts.length === 0) return
  const s = sql()
  const input = alerts.map((alert) => ({
    lead_id: alert.leadId,
    site_name: content.sites.get(alert.site)?.name || alert.site,
    phones: alert.phones,
    line: alert.line,
    revision: alert.revision ?? null,
  }))
  await s`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        AS x(lead_id uuid, site_name text, phones text[], line text, revision integer)
    ), marked AS (${mark(s)}), folded AS (${foldedLines(s)})
    ${insertFolded(s, matter, now)}`
}

interface AlertRow {
  id: string
  site: string
  name: string
  phone: string
  source: LeadSource
  visit_starts_at: Date | null
}

/**
 * Leads still to alert: `leadId`'s, or those registered since `since` (oldest first, at
 * most `limit`). Spam is never alerted.
 */
export async function unalertedLeads(
  where: {leadId: string} | {since: number; limit: number},
): Promise<AlertLead[]> {
  const s = sql()
  const filter =
    'leadId' in where ? s`l.id = ${where.leadId}::uuid` : s`l.created_at > ${new Date(where.since)}`
  const limit = 'leadId' in where ? 1 : where.limit
  const rows = await s<AlertRow>`
    SELECT l.id, l.site, l.name, l.phone, l.source,
      (SELECT v.starts_at FROM visits v WHERE v.lead_id = l.id AND v.status = 'booked')
        AS visit_starts_at
    FROM leads l
    WHERE ${filter} AND l.staff_alerted_at IS NULL AND l.spam_reason IS NULL
    ORDER BY l.created_at
    LIMIT ${limit}`
  return rows.map((row) => ({
    id: row.id,
    site: row.site,
    name: row.name,
    phone: row.phone,
    source: row.source,
    visitAt: row.visit_starts_at ? row.visit_starts_at.getTime() : null,
  }))
}

/** Why a staff alert was not sent: its number left the site's list before it was due. */
export const UNLISTED_REASON = '알림 받을 번호 목록에서 빠진 번호'

/** Whether `phone` is on `site`'s list of staff phones, or a staff member's of the site, now. */
export const isListedStaffPhone = (content: TextContent, site: string, phone: string) =>
  (content.sites.get(site)?.staffPhones?.includes(phone) ||
    content.sites.get(site)?.staffContacts?.some((contact) => contact.phone === phone)) ??
  false

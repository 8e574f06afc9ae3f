import {SOURCE_LABELS} from '#shared/leads/labels.ts'
import type {LeadSource} from '#shared/leads/lead.ts'
import {formatVisitTime, plainValue, STAFF_ALERT_KIND} from '#shared/texts/render.ts'
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
  if (lead.visitAt !== null) parts.push(`${formatVisitTime(lead.visitAt)} 방문`)
  return parts.join(' · ')
}

/**
 * The text of an alert whose lines are `lines` (a jsonb array), as SQL, so that a row
 * folding another lead is rewritten in the statement that appends the line:
 * `[단지] 새 문의: …` for one lead, `[단지] 새 문의 3건: …, … 외 1건` for more.
 */
function alertBody(s: Sql, site: Fragment, lines: Fragment): Fragment {
  return s`'[' || ${site} || '] 새 문의' || CASE WHEN jsonb_array_length(${lines}) = 1
      THEN ': ' || (${lines} ->> 0)
      ELSE ' ' || jsonb_array_length(${lines}) || '건: '
        || (SELECT string_agg(line, ', ' ORDER BY n) FROM jsonb_array_elements_text(${lines})
          WITH ORDINALITY AS shown(line, n) WHERE n <= ${LINES_SHOWN}::int)
        || CASE WHEN jsonb_array_length(${lines}) > ${LINES_SHOWN}::int
          THEN ' 외 ' || (jsonb_array_length(${lines}) - ${LINES_SHOWN}::int) || '건' ELSE '' END
    END`
}

/**
 * Queues the alerts of `leads` (one statement): marks each lead not yet alerted and not
 * spam as alerted, and for each phone its site lists now either opens the phone's alert
 * of the current window or appends the lead's line to it. A lead whose site lists no
 * phone is marked all the same: it has nobody to alert. A window's row already claimed
 * for sending (a clock running ahead elsewhere) takes no more lines.
 */
export async function queueStaffAlerts(
  leads: AlertLead[],
  content: TextContent,
  now: number,
): Promise<void> {
  if (leads.length === 0) return
  const s = sql()
  const fold = foldWindow(now)
  const input = leads.map((lead) => {
    const site = content.sites.get(lead.site)
    return {
      lead_id: lead.id,
      site_name: site?.name || lead.site,
      phones: site?.staffPhones ?? [],
      line: alertLine(lead),
    }
  })
  const at = new Date(now)
  await s`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        AS x(lead_id uuid, site_name text, phones text[], line text)
    ), marked AS (
      UPDATE leads l SET staff_alerted_at = ${at}
      FROM input i
      WHERE l.id = i.lead_id AND l.staff_alerted_at IS NULL AND l.spam_reason IS NULL
      RETURNING l.id, l.site, l.created_at, i.site_name, i.phones, i.line
    ), folded AS (
      SELECT p.phone, m.site, min(m.site_name) AS site_name,
        (array_agg(m.id ORDER BY m.created_at, m.id))[1] AS lead_id,
        jsonb_agg(m.line ORDER BY m.created_at, m.id) AS lines
      FROM marked m CROSS JOIN LATERAL unnest(m.phones) AS p(phone)
      GROUP BY p.phone, m.site
    )
    INSERT INTO text_messages AS t (id, lead_id, kind, revision, recipient, body, variables,
      status, attempts, created_at, next_attempt_at, fold_key)
    SELECT gen_random_uuid(), f.lead_id, ${STAFF_ALERT_KIND}, 1, f.phone,
      ${alertBody(s, s`f.site_name`, s`f.lines`)},
      jsonb_build_object('단지', f.site_name, 'lines', f.lines), 'queued', 0, ${at}::timestamptz,
      ${fold.dueAt}::timestamptz, f.site || ' ' || ${fold.start}
    FROM folded f
    ON CONFLICT (recipient, fold_key) DO UPDATE SET
      variables = jsonb_set(t.variables, '{lines}',
        (t.variables -> 'lines') || (EXCLUDED.variables -> 'lines')),
      body = ${alertBody(
        s,
        s`(t.variables ->> '단지')`,
        s`((t.variables -> 'lines') || (EXCLUDED.variables -> 'lines'))`,
      )}
    WHERE t.status = 'queued' AND t.claim_id IS NULL`
}

interface AlertRow {
  id: string
  site: string
  name: string
  phone: string
  source: LeadSource
  visit_at: Date | null
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
        AS visit_at
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
    visitAt: row.visit_at ? row.visit_at.getTime() : null,
  }))
}

/** Why a staff alert was not sent: its number left the site's list before it was due. */
export const UNLISTED_REASON = '알림 받을 번호 목록에서 빠진 번호'

/** Whether `phone` is on `site`'s list of staff phones now. */
export const isListedStaffPhone = (content: TextContent, site: string, phone: string) =>
  content.sites.get(site)?.staffPhones?.includes(phone) ?? false

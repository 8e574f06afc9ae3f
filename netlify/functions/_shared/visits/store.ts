import {kstDate} from '#shared/korea-time.ts'
import {auditInsert, VISITOR_LINK_ACTOR, type AuditEntry} from '../audit.ts'
import {refusalCtes} from '../texts/refusals.ts'
import {isSqlState, sql, type Sql} from '../database.ts'
import {COMING_VISIT_HELD} from '../leads/store.ts'
import type {LeadStage} from '#shared/leads/lead.ts'
import type {LinkHolder} from '../auth/visit-link.ts'
import {takeSeat} from '../leads/visit-seats.ts'

type Fragment = ReturnType<Sql>

/*
 * Visits in Netlify Database (migrations 0005 and 0006). Every change is one statement:
 * a seat is taken by a conditional update of the slot's counter (`booked < capacity`),
 * whose row lock makes a concurrent change re-check the count, and given back in the
 * same statement that cancels or moves the visit.
 */

export type VisitStatus = 'booked' | 'cancelled'

/** A visit with what its visitor gave. */
export interface VisitRow {
  leadId: string
  receipt: string
  site: string
  visitAt: number
  status: VisitStatus
  revision: number
  name: string
  phone: string
  message: string | null
  source: string
  marketingConsent: boolean
  /** When the number's owner confirmed the marketing consent (ms), or null. */
  marketingConfirmedAt: number | null
  /** When the visitor was checked in at the model house (ms), and by whom; null before. */
  arrivedAt: number | null
  arrivedBy: string | null
  /** When the visitor confirmed the visit on their link the day before (ms), or null. */
  confirmedAt: number | null
  /** When the visit was marked a no-show (ms), and by whom (NO_SHOW_JOB_ACTOR or staff). */
  noShowAt: number | null
  noShowBy: string | null
  /** The lead's stage now. */
  stage: LeadStage
  /** The staff member who owns the lead (their e-mail); null: nobody yet. */
  owner: string | null
}

interface Row {
  lead_id: string
  receipt: string
  site: string
  starts_at: Date
  status: VisitStatus
  revision: number
  name: string
  phone: string
  message: string | null
  source: string
  marketing_consent: boolean
  marketing_confirmed_at: Date | null
  arrived_at: Date | null
  arrived_by: string | null
  confirmed_at: Date | null
  no_show_at: Date | null
  no_show_by: string | null
  stage: LeadStage
  owner: string | null
}

/** A lead without a visit, as the link's LEFT JOIN reads it. */
type NoVisitRow = Omit<Row, 'starts_at' | 'status' | 'revision'> & {
  starts_at: null
  status: null
  revision: null
}

const fromRow = (row: Row): VisitRow => ({
  leadId: row.lead_id,
  receipt: row.receipt,
  site: row.site,
  visitAt: row.starts_at.getTime(),
  status: row.status,
  revision: row.revision,
  name: row.name,
  phone: row.phone,
  message: row.message,
  source: row.source,
  marketingConsent: row.marketing_consent,
  marketingConfirmedAt: row.marketing_confirmed_at?.getTime() ?? null,
  arrivedAt: row.arrived_at?.getTime() ?? null,
  arrivedBy: row.arrived_by,
  confirmedAt: row.confirmed_at?.getTime() ?? null,
  noShowAt: row.no_show_at?.getTime() ?? null,
  noShowBy: row.no_show_by,
  stage: row.stage,
  owner: row.owner,
})

/** The select of Row over `visits v JOIN leads l`. */
export const selectVisits = (s: Sql) => s`SELECT v.lead_id, l.receipt, v.site, v.starts_at,
  v.status, v.revision, l.name, l.phone, l.message, l.source, l.marketing_consent,
  l.marketing_confirmed_at, v.arrived_at, v.arrived_by, v.confirmed_at, v.no_show_at,
  v.no_show_by, l.stage, l.owner
  FROM visits v JOIN leads l ON l.id = v.lead_id`

/**
 * Gives back the seat of each `(site, starts_at)` the rows of `from` name. Through ON
 * CONFLICT, so the slot's row is found even when a move committed since this statement
 * began created it (an UPDATE would not see that row on PostgreSQL, and the seat would
 * stay taken); the row always exists, since the visit held a seat there.
 */
const freeSeat = (s: Sql, from: Fragment) => s`
  INSERT INTO visit_slots AS slot (site, starts_at, capacity, booked)
  SELECT site, starts_at, 0, 0 FROM ${from}
  ON CONFLICT (site, starts_at) DO UPDATE SET booked = slot.booked - 1 WHERE slot.booked > 0`

/**
 * The visit of `leadId` on one of `sites` (null: any), locked: the first CTE of a statement
 * that changes it, so that a concurrent change of the same visit waits and then re-checks.
 */
export const lockedVisit = (s: Sql, leadId: string, sites: string[] | null) => s`
  SELECT v.lead_id FROM visits v
  WHERE v.lead_id = ${leadId}::uuid
    AND (${sites}::text[] IS NULL OR v.site = ANY(${sites}::text[]))
  FOR UPDATE`

export async function getVisit(leadId: string): Promise<VisitRow | null> {
  const s = sql()
  const rows = await s<Row>`${selectVisits(s)} WHERE v.lead_id = ${leadId}::uuid`
  return rows[0] ? fromRow(rows[0]) : null
}

/**
 * The booked visit of `phone` on `site` that starts after `now`: a number holds at most one
 * there (migration 0020), so a second booking is refused and pointed to it.
 */
export async function comingVisitOf(
  site: string,
  phone: string,
  now: number,
): Promise<VisitRow | null> {
  const s = sql()
  const rows = await s<Row>`${selectVisits(s)}
    WHERE l.site = ${site} AND l.phone = ${phone} AND v.status = 'booked'
      AND v.starts_at > ${new Date(now)}
    ORDER BY v.starts_at LIMIT 1`
  return rows[0] ? fromRow(rows[0]) : null
}

/** What a visitor's link shows of its lead, whether or not a visit was booked. */
export interface LinkLead {
  leadId: string
  receipt: string
  site: string
  name: string
  marketingConsent: boolean
  /** When the number's owner confirmed the marketing consent (ms), or null. */
  marketingConfirmedAt: number | null
  /** The lead's visit; null for a registration without one. */
  visit: VisitRow | null
}

/** The lead of a visitor's link and its visit, or null when the lead does not exist. */
export async function getLinkLead(leadId: string): Promise<LinkLead | null> {
  const rows = await sql()<Row | NoVisitRow>`
    SELECT l.id AS lead_id, l.receipt, l.site, v.starts_at, v.status, v.revision, l.name,
      l.phone, l.message, l.source, l.marketing_consent, l.marketing_confirmed_at, v.arrived_at,
      v.arrived_by, v.confirmed_at, v.no_show_at, v.no_show_by, l.stage, l.owner
    FROM leads l LEFT JOIN visits v ON v.lead_id = l.id
    WHERE l.id = ${leadId}::uuid`
  const row = rows[0]
  if (!row) return null
  return {
    leadId: row.lead_id,
    receipt: row.receipt,
    site: row.site,
    name: row.name,
    marketingConsent: row.marketing_consent,
    marketingConfirmedAt: row.marketing_confirmed_at?.getTime() ?? null,
    visit: row.starts_at ? fromRow(row as Row) : null,
  }
}

/** Seats taken per start (ms) of a site's slots in [from, to). */
export async function seatsTaken(
  site: string,
  from: number,
  to: number,
): Promise<Map<number, number>> {
  const rows = await sql()<{starts_at: Date; booked: number}>`
    SELECT starts_at, booked FROM visit_slots
    WHERE site = ${site} AND starts_at >= ${new Date(from)} AND starts_at < ${new Date(to)}
      AND booked > 0`
  return new Map(rows.map((row) => [row.starts_at.getTime(), row.booked]))
}

/**
 * Cancels a booked visit that has not started, and gives its seat back. False when there
 * was none to cancel (already cancelled, started, past, or its visitor already arrived).
 * `actor`: the visitor's link, or the staff member cancelling for a caller.
 */
export async function cancelVisit(
  leadId: string,
  now: number,
  visitor: string,
  actor: string = VISITOR_LINK_ACTOR,
): Promise<boolean> {
  const at = new Date(now)
  const s = sql()
  const rows = await s<{lead_id: string}>`
    WITH cancelled AS (
      UPDATE visits SET status = 'cancelled', revision = revision + 1, changed_at = ${at},
        last_change = 'cancelled'
      WHERE lead_id = ${leadId}::uuid AND status = 'booked' AND starts_at > ${at}
        AND arrived_at IS NULL
      RETURNING lead_id, site, starts_at
    ), freed AS (${freeSeat(s, s`cancelled`)}), audit AS (
      ${changeAudit(s, s`cancelled`, {action: 'visit-cancel', leadId, visitor, at: now, actor})}
    )
    SELECT lead_id FROM cancelled`
  return rows.length > 0
}

/**
 * Moves of one visit its link takes per day in Seoul: a visitor who changes their mind
 * twice gets there, a script moving it to text its phone does not.
 */
export const MOVES_PER_DAY = 3

export type MoveResult = 'moved' | 'full' | 'unchangeable' | 'limited'

/**
 * The audit entry of a visit's change, written by the statement that makes it: one row per
 * row of `changed` (a CTE returning the visit's start before).
 */
function changeAudit(
  s: Sql,
  changed: Fragment,
  entry: AuditEntry & {action: 'visit-cancel' | 'visit-move' | 'visit-book'},
): Fragment {
  const from = s`jsonb_build_object('from', c.starts_at)`
  return s`${auditInsert(s, entry, from)} FROM ${changed} c`
}

/**
 * Moves a booked visit that has not started to `visitAt`: the new seat is taken, the
 * visit moved (and its moves of the day counted) and the old seat given back in one
 * statement, or nothing changes ('full' when the new slot has no seat left, 'limited'
 * when the visit was moved MOVES_PER_DAY times today, 'unchangeable' when there was no
 * such visit). The visit's row lock makes a concurrent move wait and read the count its
 * predecessor left. A staff member moving it for a caller (`actor`) is not limited.
 */
export async function moveVisit(
  leadId: string,
  {visitAt, capacity}: {visitAt: number; capacity: number},
  now: number,
  visitor: string,
  actor: string = VISITOR_LINK_ACTOR,
): Promise<MoveResult> {
  const at = new Date(now)
  const to = new Date(visitAt)
  const today = kstDate(now)
  const s = sql()
  const entry = {action: 'visit-move', leadId, visitor, at: now, actor, detail: {to}} as const
  const limits = actor === VISITOR_LINK_ACTOR
  const rows = await s<{found: number; moved: number; limited: number}>`
    WITH visit AS (
      SELECT lead_id, site, starts_at, status, arrived_at IS NOT NULL AS arrived,
        ${limits}::boolean AND moves_on = ${today}::date AND moves_that_day >= ${MOVES_PER_DAY}
          AS limited
      FROM visits WHERE lead_id = ${leadId}::uuid
      FOR UPDATE
    ), current AS (
      SELECT lead_id, site, starts_at FROM visit
      WHERE status = 'booked' AND starts_at > ${at} AND starts_at <> ${to} AND NOT limited
        AND NOT arrived
    ), seat AS (
      ${takeSeat(s, s`SELECT site, ${to}, ${capacity}, 1 FROM current`)}
    ), moved AS (
      UPDATE visits v SET starts_at = ${to}, revision = v.revision + 1, changed_at = ${at},
        last_change = 'moved', moves_on = ${today}::date,
        moves_that_day = CASE WHEN v.moves_on = ${today}::date THEN v.moves_that_day + 1 ELSE 1 END
      FROM current c WHERE v.lead_id = c.lead_id AND EXISTS (SELECT 1 FROM seat)
      RETURNING c.site, c.starts_at
    ), freed AS (${freeSeat(s, s`moved`)}), audit AS (
      ${changeAudit(s, s`moved`, entry)}
    )
    SELECT (SELECT count(*) FROM current)::int AS found, (SELECT count(*) FROM moved)::int AS moved,
      (SELECT count(*) FROM visit WHERE limited)::int AS limited`
  const {found, moved, limited} = rows[0] ?? {found: 0, moved: 0, limited: 0}
  if (moved > 0) return 'moved'
  if (found > 0) return 'full'
  return limited > 0 ? 'limited' : 'unchangeable'
}

export type StaffBookResult = 'booked' | 'full' | 'has-visit' | 'held'

/**
 * Books a visit at `visitAt` for a lead that has none (a caller registered without a time),
 * by a staff member: the seat, the visit, the lead's stage (방문예약 from 신규 or 연락완료) and
 * the audit entry in one statement, or nothing ('full' when the slot has no seat left,
 * 'has-visit' when the lead has a visit row already, 'held' when the number holds a coming
 * visit on the site through another lead). The lead's row lock orders two staff booking it.
 */
export async function bookVisitFor(
  leadId: string,
  {visitAt, capacity}: {visitAt: number; capacity: number},
  now: number,
  {visitor, actor}: {visitor: string; actor: string},
): Promise<StaffBookResult> {
  const at = new Date(now)
  const to = new Date(visitAt)
  const s = sql()
  try {
    const rows = await s<{open: number; booked: number}>`
      WITH lead AS (
        SELECT id, site, stage FROM leads WHERE id = ${leadId}::uuid FOR UPDATE
      ), open AS (
        SELECT id, site, stage FROM lead
        WHERE NOT EXISTS (SELECT 1 FROM visits WHERE lead_id = ${leadId}::uuid)
      ), seat AS (
        ${takeSeat(s, s`SELECT site, ${to}, ${capacity}, 1 FROM open`)}
      ), booked AS (
        INSERT INTO visits (lead_id, site, starts_at, status, revision, booked_at, changed_at,
          last_change)
        SELECT id, site, ${to}, 'booked', 1, ${at}, ${at}, 'booked' FROM open
        WHERE EXISTS (SELECT 1 FROM seat)
        RETURNING lead_id, starts_at
      ), staged AS (
        UPDATE leads l SET stage = 'booked' FROM open o, booked b
        WHERE l.id = o.id AND o.stage IN ('new', 'contacted')
        RETURNING o.stage AS before
      ), book_audit AS (
        ${auditInsert(s, {action: 'visit-book', leadId, visitor, at: now, actor}, s`jsonb_build_object('to', b.starts_at)`)}
        FROM booked b
      ), stage_audit AS (
        ${auditInsert(s, {action: 'stage', leadId, visitor, at: now, actor}, s`jsonb_build_object('from', before, 'to', 'booked')`)}
        FROM staged
      )
      SELECT (SELECT count(*) FROM open)::int AS open, (SELECT count(*) FROM booked)::int AS booked`
    const {open, booked} = rows[0] ?? {open: 0, booked: 0}
    if (booked > 0) return 'booked'
    return open > 0 ? 'full' : 'has-visit'
  } catch (error) {
    if (isSqlState(error, COMING_VISIT_HELD)) return 'held'
    throw error
  }
}

/**
 * The number's owner confirms the lead's ticked marketing consent through the texted link:
 * recorded once (when, and 'link'). False when the lead has no marketing consent to confirm.
 */
export async function confirmConsent(leadId: string, now: number): Promise<boolean> {
  const rows = await sql()<{id: string}>`
    UPDATE leads SET marketing_confirmed_at = COALESCE(marketing_confirmed_at, ${new Date(now)}),
      marketing_confirmed_via = COALESCE(marketing_confirmed_via, 'link')
    WHERE id = ${leadId}::uuid AND marketing_consent
    RETURNING id`
  return rows.length > 0
}

/**
 * Withdraws marketing consent, logged with the link as the actor, in one statement. From
 * the number's owner (the texted link) it applies to every lead of the number, on every
 * site, and records the number's refusal of advertising texts (which cancels any still
 * waiting); from the registrant's link, whoever filled in the form, only to this lead.
 */
export async function withdrawConsent(
  leadId: string,
  now: number,
  holder: LinkHolder,
): Promise<void> {
  const s = sql()
  const actor = holder === 'owner' ? 'visitor-link' : 'registrant-link'
  const phones = s`SELECT phone FROM leads WHERE id = ${leadId}::uuid`
  const withdrawn =
    holder === 'owner'
      ? s`${refusalCtes(s, {phones, at: now, source: 'visitor', actor})},
        withdrawn AS (
          UPDATE leads l SET marketing_consent = false FROM (${phones}) t
          WHERE l.phone = t.phone AND l.marketing_consent
          RETURNING l.id
        )`
      : s`refusal AS (SELECT false AS first), withdrawn AS (
          UPDATE leads SET marketing_consent = false
          WHERE id = ${leadId}::uuid AND marketing_consent
          RETURNING id
        )`
  await s`
    WITH ${withdrawn}, audit AS (
      ${auditInsert(s, {at: now, actor, action: 'withdraw-consent', leadId})}
      WHERE EXISTS (SELECT 1 FROM withdrawn) OR EXISTS (SELECT 1 FROM refusal WHERE first)
    )
    SELECT count(*) FROM withdrawn`
}

/**
 * The visits of a site (or all sites) starting in [from, to), by start; `audit`, an
 * auditInsert, is written by the same statement.
 */
export async function visitRows(
  s: Sql,
  {sites, from, to, audit}: {sites: string[] | null; from: number; to: number; audit: Fragment},
): Promise<VisitRow[]> {
  const rows = await s<Row>`WITH audit AS (${audit}) ${selectVisits(s)}
    WHERE (${sites}::text[] IS NULL OR v.site = ANY(${sites}::text[]))
      AND v.starts_at >= ${new Date(from)}
      AND v.starts_at < ${new Date(to)}
    ORDER BY v.starts_at, v.booked_at, v.lead_id`
  return rows.map(fromRow)
}

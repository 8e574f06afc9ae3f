import {randomUUID} from 'node:crypto'
import {
  STAFF_ALERT_KIND,
  type OutboxKind,
  type TextKind,
  type TextValues,
} from '#shared/texts/render.ts'
import {sql, type Sql} from '../database.ts'
import {
  advertDueAt,
  CONSENT_KIND_LIST,
  isQuietHour,
  QUIET_KIND_LIST,
  SWEEP_LIMIT,
  SWEEP_WINDOW_MS,
  TEXT_LEASE_MS,
  type LeadTextState,
  type NewText,
  type Withheld,
} from './outbox-rules.ts'
import type {OutgoingText, SendResult} from './provider.ts'
import {REFUSED_REASON, refused} from './refusals.ts'

/*
 * The outbox's statements (text_messages). Texts follow from state: a lead and its visit say
 * which texts are due (./outbox-rules.ts), and a row per (lead, kind, revision) is inserted
 * with ON CONFLICT DO NOTHING, so however many callers queue the same text, one row exists,
 * and only the caller whose insert made it holds its first claim. A send is claimed by one
 * statement (FOR UPDATE SKIP LOCKED) and recorded under that claim.
 */

interface StateRow {
  id: string
  site: string
  name: string
  phone: string
  receipt: string
  spam: boolean
  created_at: Date
  marketing_consent: boolean
  marketing_confirmed_at: Date | null
  refused: boolean
  visit_status: 'booked' | 'cancelled' | null
  revision: number | null
  starts_at: Date | null
  changed_at: Date | null
  no_show_at: Date | null
  held_by: string | null
  held_name: string | null
  held_receipt: string | null
  held_starts_at: Date | null
  queued: string | null
}

// A lead past its number's daily registrations (texts_withheld) is texted like spam: never.
const stateColumns = (s: Sql) => s`l.id, l.site, l.name, l.phone, l.receipt,
  (l.spam_reason IS NOT NULL OR l.texts_withheld IS NOT NULL) AS spam, l.created_at,
  l.marketing_consent, l.marketing_confirmed_at,
  ${refused(s, s`l.phone`)} AS refused, v.status AS visit_status, v.revision, v.starts_at,
  v.changed_at, v.no_show_at, l.visit_held_by AS held_by, h.name AS held_name,
  h.receipt AS held_receipt, h.starts_at AS held_starts_at,
  (SELECT string_agg(t.kind || ':' || t.revision, ',') FROM text_messages t WHERE t.lead_id = l.id)
    AS queued`

function stateFromRow(row: StateRow): LeadTextState {
  return {
    id: row.id,
    site: row.site,
    name: row.name,
    phone: row.phone,
    receipt: row.receipt,
    spam: row.spam,
    createdAt: row.created_at.getTime(),
    marketingConsent: row.marketing_consent,
    marketingConfirmedAt: row.marketing_confirmed_at?.getTime() ?? null,
    refused: row.refused,
    visit:
      row.visit_status && row.starts_at && row.changed_at
        ? {
            status: row.visit_status,
            revision: row.revision ?? 1,
            visitAt: row.starts_at.getTime(),
            changedAt: row.changed_at.getTime(),
            noShowAt: row.no_show_at?.getTime() ?? null,
          }
        : null,
    held:
      row.held_by && row.held_starts_at
        ? {
            leadId: row.held_by,
            name: row.held_name ?? row.name,
            receipt: row.held_receipt ?? row.receipt,
            visitAt: row.held_starts_at.getTime(),
          }
        : null,
    queued: new Set(row.queued ? row.queued.split(',') : []),
  }
}

/** The booked visit a lead was refused a time for (`h`), joined beside its own. */
const heldVisit = (s: Sql) => s`LEFT JOIN LATERAL (
  SELECT hl.name, hl.receipt, hv.starts_at FROM leads hl JOIN visits hv ON hv.lead_id = hl.id
  WHERE hl.id = l.visit_held_by AND hv.status = 'booked') h ON true`

/** The state of one lead, as dueTexts reads it (null: no such lead). */
export async function leadState(leadId: string): Promise<LeadTextState | null> {
  const s = sql()
  const rows = await s<StateRow>`SELECT ${stateColumns(s)}
    FROM leads l LEFT JOIN visits v ON v.lead_id = l.id ${heldVisit(s)}
    WHERE l.id = ${leadId}::uuid`
  return rows[0] ? stateFromRow(rows[0]) : null
}

/**
 * Leads that lack a text due now, as dueTexts would find them, so that the sweep's limit
 * is spent on due texts only: marketing consent confirmed within the sweep's window, no
 * refusal and no advert; registered, or their visit changed, within the sweep's
 * window without the matching row (a visit still to come), or a booked visit past its
 * reminder's moment (10:00 in Seoul the day before, i.e. 23 hours before the visit day
 * begins in UTC+9) that was booked or moved before it, without a reminder for its revision.
 */
export async function sweepStates(now: number): Promise<LeadTextState[]> {
  const s = sql()
  const at = new Date(now)
  const since = new Date(now - SWEEP_WINDOW_MS)
  const rows = await s<StateRow>`SELECT ${stateColumns(s)}
    FROM leads l LEFT JOIN visits v ON v.lead_id = l.id ${heldVisit(s)}
      CROSS JOIN LATERAL (SELECT (date_trunc('day', (v.starts_at AT TIME ZONE 'UTC')
        + interval '9 hours') - interval '23 hours') AT TIME ZONE 'UTC' AS remind_at) r
    WHERE l.spam_reason IS NULL AND l.texts_withheld IS NULL AND (
      (l.marketing_consent AND l.marketing_confirmed_at > ${since}
        AND NOT ${refused(s, s`l.phone`)}
        AND NOT EXISTS (SELECT 1 FROM text_messages t WHERE t.lead_id = l.id
          AND t.kind = 'advert'))
      OR (v.no_show_at > ${since} AND NOT ${refused(s, s`l.phone`)}
        AND NOT EXISTS (SELECT 1 FROM text_messages t WHERE t.lead_id = l.id
          AND t.kind = 'no-show' AND t.revision = v.revision))
      OR (v.lead_id IS NULL OR v.starts_at > ${at}) AND (
      (l.created_at > ${since} AND (v.status IS NULL OR v.status = 'booked')
        AND NOT EXISTS (SELECT 1 FROM text_messages t WHERE t.lead_id = l.id
          AND t.kind IN ('confirmation', 'acknowledgement')))
      OR (v.revision > 1 AND v.changed_at > ${since} AND NOT EXISTS (SELECT 1 FROM text_messages t
        WHERE t.lead_id = l.id AND t.revision = v.revision AND t.kind IN ('moved', 'cancelled')))
      OR (v.status = 'booked' AND r.remind_at <= ${at} AND v.changed_at < r.remind_at
        AND NOT EXISTS (SELECT 1 FROM text_messages t WHERE t.lead_id = l.id
          AND t.revision = v.revision AND t.kind = 'reminder'))))
    ORDER BY l.created_at
    LIMIT ${SWEEP_LIMIT}`
  return rows.map(stateFromRow)
}

/**
 * A send this caller holds: no other caller sends the row until it is recorded or its
 * lease ends.
 */
export interface ClaimedText {
  text: OutgoingText
  attempt: number
  claim: string
  /** The site of the text's lead (a staff alert goes only to a number the site lists). */
  site?: string
}

interface ClaimedRow {
  id: string
  claim_id?: string | null
  kind: OutboxKind
  recipient: string
  body: string
  variables: Record<string, unknown>
  attempts: number
  site?: string
}

/** A template's values, for AlimTalk; a staff alert has none (its lines are not values). */
const textValuesOf = (row: ClaimedRow): Record<string, string> =>
  row.kind === STAFF_ALERT_KIND ? {} : (row.variables as TextValues)

const claimedText = (row: ClaimedRow, claim: string): ClaimedText => ({
  text: {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    text: row.body,
    values: textValuesOf(row),
  },
  attempt: row.attempts,
  claim,
  ...(row.site ? {site: row.site} : {}),
})

/**
 * Inserts the texts (one statement) and claims the first send of each row this insert
 * made and due now; a row another caller made first is theirs to send, and an advert
 * held for the morning or a notice held for its fold's window is the sweep's, so none
 * is returned. An advert is inserted only while its lead's marketing consent stands,
 * confirmed by the number's owner, and its number has not refused. A notice rewrites its
 * visit's notice of the window while that is queued and unclaimed (it tells the visit's
 * state now); once claimed, the later change's notice is the sweep's, in the next window.
 * A text over its number's daily budget is stored refused (migration 0015's trigger) and
 * not returned. The reminder of a marketing consent is inserted on the advert's terms.
 */
export async function queueTexts(texts: NewText[], now: number): Promise<ClaimedText[]> {
  if (texts.length === 0) return []
  const s = sql()
  const claim = randomUUID()
  const at = new Date(now)
  const rows = await s<ClaimedRow>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(texts)}::jsonb) AS x(id uuid, lead_id uuid,
        kind text, revision integer, recipient text, body text, variables jsonb,
        due_at timestamptz, fold_key text)
    ), allowed AS (
      SELECT i.id, i.lead_id, i.kind, i.revision, i.recipient, i.body, i.variables,
        'queued' AS status, CASE WHEN i.due_at <= ${at} THEN 1 ELSE 0 END AS attempts,
        ${at}::timestamptz AS created_at, i.due_at,
        CASE WHEN i.due_at <= ${at} THEN ${claim}::uuid END AS claim_id,
        CASE WHEN i.due_at <= ${at} THEN ${new Date(now + TEXT_LEASE_MS)}::timestamptz END
          AS claimed_until,
        i.fold_key
      FROM input i JOIN leads l ON l.id = i.lead_id
      WHERE (i.kind <> ALL(${CONSENT_KIND_LIST}::text[])
          OR (l.marketing_consent AND l.marketing_confirmed_at IS NOT NULL))
        AND (i.kind <> ALL(${QUIET_KIND_LIST}::text[]) OR NOT ${refused(s, s`i.recipient`)})
    ), single AS (
      INSERT INTO text_messages (id, lead_id, kind, revision, recipient, body, variables, status,
        attempts, created_at, next_attempt_at, claim_id, claimed_until)
      SELECT id, lead_id, kind, revision, recipient, body, variables, status, attempts,
        created_at, due_at, claim_id, claimed_until
      FROM allowed WHERE fold_key IS NULL
      ON CONFLICT DO NOTHING
      RETURNING id, kind, recipient, body, variables, attempts, claim_id
    ), folded AS (
      INSERT INTO text_messages AS t (id, lead_id, kind, revision, recipient, body, variables,
        status, attempts, created_at, next_attempt_at, claim_id, claimed_until, fold_key)
      SELECT id, lead_id, kind, revision, recipient, body, variables, status, attempts,
        created_at, due_at, claim_id, claimed_until, fold_key
      FROM allowed WHERE fold_key IS NOT NULL
      ON CONFLICT (recipient, fold_key) DO UPDATE SET kind = EXCLUDED.kind,
        revision = EXCLUDED.revision, body = EXCLUDED.body, variables = EXCLUDED.variables
      WHERE t.status = 'queued' AND t.claim_id IS NULL
      RETURNING id, kind, recipient, body, variables, attempts, claim_id
    )
    SELECT * FROM single UNION ALL SELECT * FROM folded`
  return rows.filter((row) => row.claim_id === claim).map((row) => claimedText(row, claim))
}

/**
 * Claims up to `limit` texts whose next attempt is due, oldest due first, in one
 * statement; in the same statement a due reminder whose visit has since changed (moved,
 * cancelled or begun) or a no-show's text whose visitor was checked in after all is marked
 * skipped, and an advert or a consent's reminder whose number has refused or whose consent
 * was withdrawn (or a no-show's text to a number that refused) is cancelled, instead of being
 * sent. In the quiet hours none of QUIET_KINDS is claimed (a retry waits for the morning too).
 */
export async function claimDueTexts(limit: number, now: number): Promise<ClaimedText[]> {
  const s = sql()
  const at = new Date(now)
  const claim = randomUUID()
  const rows = await s<ClaimedRow>`
    WITH due AS (
      SELECT t.id, l.site, (t.kind = 'reminder' AND (v.lead_id IS NULL OR v.status <> 'booked'
          OR v.revision <> t.revision OR v.starts_at <= ${at})
          OR t.kind = 'no-show' AND v.no_show_at IS NULL) AS stale,
        (t.kind = ANY(${CONSENT_KIND_LIST}::text[])
            AND (NOT l.marketing_consent OR l.marketing_confirmed_at IS NULL)
          OR t.kind = ANY(${QUIET_KIND_LIST}::text[]) AND ${refused(s, s`t.recipient`)}) AS refused
      FROM text_messages t JOIN leads l ON l.id = t.lead_id
        LEFT JOIN visits v ON v.lead_id = t.lead_id
      WHERE t.status IN ('queued', 'failed') AND t.next_attempt_at <= ${at}
        AND (t.claimed_until IS NULL OR t.claimed_until <= ${at})
        AND (t.kind <> ALL(${QUIET_KIND_LIST}::text[]) OR NOT ${isQuietHour(now)}::boolean)
      ORDER BY t.next_attempt_at, t.id
      LIMIT ${limit}
      FOR UPDATE OF t SKIP LOCKED
    ), skipped AS (
      UPDATE text_messages t SET status = 'skipped', next_attempt_at = NULL
      FROM due WHERE t.id = due.id AND due.stale
    ), cancelled AS (
      UPDATE text_messages t SET status = 'cancelled', next_attempt_at = NULL,
        last_error = ${REFUSED_REASON}::text
      FROM due WHERE t.id = due.id AND due.refused
    )
    UPDATE text_messages t SET claim_id = ${claim}::uuid,
      claimed_until = ${new Date(now + TEXT_LEASE_MS)}, attempts = t.attempts + 1
    FROM due WHERE t.id = due.id AND NOT due.stale AND NOT due.refused
    RETURNING t.id, t.kind, t.recipient, t.body, t.variables, t.attempts, due.site`
  return rows.map((row) => claimedText(row, claim))
}

/**
 * Records a send's outcome under its claim: should the lease have run out and another caller
 * have claimed the row meanwhile, this record changes nothing. `next`: when it is due again.
 */
export async function recordSend(
  {text, claim}: ClaimedText,
  result: SendResult | Withheld,
  provider: string,
  at: Date,
  next: Date | null,
): Promise<void> {
  await sql()`
    UPDATE text_messages SET
      status = ${result.status},
      last_attempt_at = ${at},
      last_error = ${'reason' in result ? result.reason : null},
      next_attempt_at = ${next}::timestamptz,
      sent_at = ${result.status === 'sent' ? at : null}::timestamptz,
      provider = ${result.status === 'cancelled' ? null : provider},
      provider_message_id = ${result.status === 'sent' ? result.messageId : null},
      claim_id = NULL,
      claimed_until = NULL
    WHERE id = ${text.id}::uuid AND claim_id = ${claim}::uuid`
}

/**
 * Whether the lead's text of `kind` went or is going (queued, sent, kept, or failed and
 * retried), not refused nor missing. False when it cannot be read: the caller then claims
 * less, never more.
 */
export async function textGoes(leadId: string, kind: TextKind): Promise<boolean> {
  try {
    const rows = await sql()<{goes: boolean}>`SELECT EXISTS (SELECT 1 FROM text_messages
      WHERE lead_id = ${leadId}::uuid AND kind = ${kind}
        AND status IN ('queued', 'sent', 'kept', 'failed')) AS goes`
    return rows[0]?.goes ?? false
  } catch (error) {
    console.error('texts: could not read whether a text goes', error)
    return false
  }
}

/**
 * When the outbox next has a send due, read after a run: the earliest next attempt of a
 * queued or failed text (a claimed one's when its lease ends), the texts that wait out the
 * night at 08:00 in Seoul. Null: none.
 */
export async function nextTextAt(now: number): Promise<number | null> {
  const rows = await sql()<{quiet: boolean; at: Date}>`
    SELECT t.kind = ANY(${QUIET_KIND_LIST}::text[]) AS quiet,
      min(greatest(t.next_attempt_at, coalesce(t.claimed_until, t.next_attempt_at))) AS at
    FROM text_messages t
    WHERE t.status IN ('queued', 'failed') AND t.next_attempt_at IS NOT NULL
    GROUP BY 1`
  const times = rows.map(({quiet, at}) =>
    quiet ? advertDueAt(Math.max(at.getTime(), now)) : at.getTime(),
  )
  return times.length > 0 ? Math.min(...times) : null
}

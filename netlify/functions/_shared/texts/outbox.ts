import {kstDate, kstDayStart} from '#shared/korea-time.ts'
import {randomUUID} from 'node:crypto'
import {readConfig, type Env} from '#config/settings.ts'
import {
  CONSENT_REMINDER_KIND,
  formatVisitTime,
  renderVisitorText,
  STAFF_ALERT_KIND,
  type OutboxKind,
  type TextKind,
  type TextValues,
} from '#shared/texts/render.ts'
import {sql, type Sql} from '../database.ts'
import {markDue} from '../operations/next-due.ts'
import {runDeadline} from '../operations/run-deadline.ts'
import {backoffMs, drainOutbox} from '../retry-batches.ts'
import {judgeTextOutcome} from '../operations/text-alarm.ts'
import {visitPath, visitToken} from '../visits/token.ts'
import {myInfoPath} from '#shared/visitor-data/contract.ts'
import {lakeTextContent, type TextContent, type TextContentLoader} from './content.ts'
import {foldWindow} from './fold.ts'
import {alertUncontacted, alertVisitChanges} from './owner-alerts.ts'
import {ModelHouses} from '../visits/houses.ts'
import {textProvider, type OutgoingText, type SendResult, type TextProvider} from './provider.ts'
import {REFUSED_REASON, refused} from './refusals.ts'
import {
  isListedStaffPhone,
  queueStaffAlerts,
  unalertedLeads,
  UNLISTED_REASON,
} from './staff-alerts.ts'

/*
 * The texts' outbox (text_messages). Texts follow from state: a lead and its visit say
 * which texts are due (dueTexts), and a row per (lead, kind, revision) is inserted with
 * ON CONFLICT DO NOTHING, so however many callers queue the same text, one row exists,
 * and only the caller whose insert made it holds its first claim. A send is claimed by
 * one statement (FOR UPDATE SKIP LOCKED) and recorded under that claim.
 *
 * What one phone gets is limited (migration 0015, docs/texts.md#limits): a visit's change
 * notices fold per window (./fold.ts), and a text beyond the number's daily budget is
 * stored refused, never sent, by the insert that would queue it.
 */

/**
 * Visitors' texts one number gets in 24 hours, as migration 0015 counts them: one
 * booking's texts (confirmation, advert, reminder, folded change notices for the 3 moves
 * a day and a cancellation) fit with room for one more registration's.
 */
export const DAILY_TEXT_BUDGET = 8
/** Why a text over the budget was not sent, as staff read it (set by migration 0015). */
export const BUDGET_REASON = '받는 번호의 하루 문자 한도(8건)를 넘어 보내지 않음'
/** The notices of a visit's changes, which fold: the visitor needs its state, not each step. */
const FOLDED_KINDS: ReadonlySet<TextKind> = new Set(['moved', 'cancelled'])
/**
 * Texts that wait out the night in Seoul and go to no number that refused texts: the advert,
 * the no-show's, which is no answer to anything the visitor did just now, and the two-yearly
 * reminder of a marketing consent.
 */
const QUIET_KINDS: ReadonlySet<OutboxKind> = new Set(['advert', 'no-show', CONSENT_REMINDER_KIND])
/** QUIET_KINDS as a statement's parameter (`kind = ANY(…)`). */
const QUIET_KIND_LIST = [...QUIET_KINDS]
/**
 * Texts that go only while their lead's marketing consent stands, confirmed by the number's
 * owner: the advert and the reminder of the consent.
 */
const CONSENT_KIND_LIST: OutboxKind[] = ['advert', CONSENT_REMINDER_KIND]

/** A send claimed and not recorded within this long is taken as abandoned and claimed again. */
export const TEXT_LEASE_MS = 60_000
/** After this many failed attempts (about four hours of backoff) a text is given up. */
export const MAX_TEXT_ATTEMPTS = 8
/** The sweep looks this far back for leads and changes without their texts. */
export const SWEEP_WINDOW_MS = 48 * 60 * 60_000
/** Leads read per sweep: more wait for the next run. */
const SWEEP_LIMIT = 500
const HOUR_MS = 60 * 60_000
/** The reminder goes at 10:00 in Seoul the day before: 14 hours before the visit day begins. */
const REMINDER_BEFORE_DAY_MS = 14 * HOUR_MS
/** Advertising texts wait out the night in Seoul: from 21:00 to 08:00 they are held. */
const QUIET_FROM_HOUR = 21
const QUIET_UNTIL_HOUR = 8
const SEOUL_OFFSET_MS = 9 * HOUR_MS

export interface TextDeps {
  clock?: () => number
  env?: Env
  content?: TextContentLoader
  provider?: TextProvider
}

/** What decides a lead's texts. */
export interface LeadTextState {
  id: string
  site: string
  name: string
  phone: string
  receipt: string
  spam: boolean
  createdAt: number
  /** The marketing consent is ticked (and not withdrawn). */
  marketingConsent: boolean
  /** When the number's owner confirmed the marketing consent through the texted link. */
  marketingConfirmedAt: number | null
  /** The number has refused advertising texts. */
  refused: boolean
  visit: {
    status: 'booked' | 'cancelled'
    revision: number
    startsAt: number
    changedAt: number
    /** When the visit was marked a no-show (absent or null: it was not). */
    noShowAt?: number | null
  } | null
  /**
   * The coming visit of another lead of the number, when this registration asked for a
   * time and was refused it for that visit: its confirmation goes again, with its link.
   */
  held: {leadId: string; name: string; receipt: string; startsAt: number} | null
  /** `kind:revision` of the rows the lead already has. */
  queued: ReadonlySet<string>
}

export interface DueText {
  kind: TextKind
  revision: number
}

/** The instant the reminder of a visit starting at `startsAt` is due. */
export const reminderAt = (startsAt: number): number =>
  kstDayStart(kstDate(startsAt)) - REMINDER_BEFORE_DAY_MS

/** Whether `at` falls in Seoul's quiet hours (21:00-08:00), when no advert is sent. */
export function isQuietHour(at: number): boolean {
  const hour = new Date(at + SEOUL_OFFSET_MS).getUTCHours()
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR
}

/**
 * When an advert (or another of QUIET_KINDS) queued at `at` may go: at once, or at 08:00 in
 * Seoul after the night.
 */
export function advertDueAt(at: number): number {
  if (!isQuietHour(at)) return at
  const morning = kstDayStart(kstDate(at)) + QUIET_UNTIL_HOUR * HOUR_MS
  return morning > at ? morning : morning + 24 * HOUR_MS
}

/**
 * The texts a lead is due now and lacks: the advert, once, to a lead whose marketing
 * consent is ticked, confirmed by the number's owner within the sweep's window, and whose
 * number has not refused (its own text, held through the night by its due time); an acknowledgement for a lead without a visit;
 * for a coming visit its confirmation (revision 1), the notice of its latest change
 * (moved while booked, cancelled otherwise: the notice tells the state the visitor is
 * in now) and, from 10:00 the day before, a reminder unless the visit was booked or
 * moved after that moment. A registration refused a time for the number's coming visit
 * gets that visit's confirmation again instead of an acknowledgement. A visit marked a
 * no-show within the sweep's window gets its no-show text, once, unless the number refused
 * (held through the night like the advert). Nothing for spam, nor else for a visit that has
 * begun.
 */
export function dueTexts(state: LeadTextState, now: number): DueText[] {
  const lacks = (kind: TextKind, revision: number) => !state.queued.has(`${kind}:${revision}`)
  if (state.spam) return []
  const due: DueText[] = []
  if (
    state.marketingConsent &&
    state.marketingConfirmedAt !== null &&
    !state.refused &&
    now - state.marketingConfirmedAt < SWEEP_WINDOW_MS &&
    lacks('advert', 1)
  )
    due.push({kind: 'advert', revision: 1})
  const {visit} = state
  // A no-show tells the visitor the way to book again, once, unless the number refused texts.
  if (
    visit?.noShowAt != null &&
    !state.refused &&
    now - visit.noShowAt < SWEEP_WINDOW_MS &&
    lacks('no-show', visit.revision)
  )
    due.push({kind: 'no-show', revision: visit.revision})
  if (!visit) {
    if (state.held && state.held.startsAt > now) {
      if (lacks('confirmation', 1)) due.push({kind: 'confirmation', revision: 1})
    } else if (lacks('acknowledgement', 1)) due.push({kind: 'acknowledgement', revision: 1})
    return due
  }
  if (visit.startsAt <= now) return due
  if (visit.status === 'booked' && lacks('confirmation', 1))
    due.push({kind: 'confirmation', revision: 1})
  if (visit.revision > 1 && lacks('moved', visit.revision) && lacks('cancelled', visit.revision))
    due.push({kind: visit.status === 'booked' ? 'moved' : 'cancelled', revision: visit.revision})
  const remindAt = reminderAt(visit.startsAt)
  if (
    visit.status === 'booked' &&
    now >= remindAt &&
    visit.changedAt < remindAt &&
    lacks('reminder', visit.revision)
  )
    due.push({kind: 'reminder', revision: visit.revision})
  return due
}

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
            startsAt: row.starts_at.getTime(),
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
            startsAt: row.held_starts_at.getTime(),
          }
        : null,
    queued: new Set(row.queued ? row.queued.split(',') : []),
  }
}

/** The booked visit a lead was refused a time for (`h`), joined beside its own. */
const heldVisit = (s: Sql) => s`LEFT JOIN LATERAL (
  SELECT hl.name, hl.receipt, hv.starts_at FROM leads hl JOIN visits hv ON hv.lead_id = hl.id
  WHERE hl.id = l.visit_held_by AND hv.status = 'booked') h ON true`

async function leadState(leadId: string): Promise<LeadTextState | null> {
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
async function sweepStates(now: number): Promise<LeadTextState[]> {
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

/** The values a lead's texts are rendered with. */
export function textValues(state: LeadTextState, content: TextContent, env: Env): TextValues {
  const site = content.sites.get(state.site)
  const siteUrl = readConfig(env).siteUrl
  // Only the number's phone gets the owner's link: it confirms and withdraws the consent,
  // for a registration without a visit too.
  const ownerLink = `${siteUrl}${visitPath(state.site, state.id, env, 'owner')}`
  // A registration refused a time for the number's coming visit tells that visit.
  const held = state.visit ? null : state.held
  if (held) {
    return {
      ...textValues({...state, held: null}, content, env),
      이름: held.name,
      일시: formatVisitTime(held.startsAt),
      링크: `${siteUrl}${visitPath(state.site, held.leadId, env, 'owner')}`,
      접수번호: held.receipt,
      내정보: dataPageLink(state.site, held.leadId, env),
    }
  }
  return {
    이름: state.name,
    일시: state.visit ? formatVisitTime(state.visit.startsAt) : '',
    주소: site?.address ?? '',
    지도: site?.mapUrl ?? '',
    링크: ownerLink,
    접수번호: state.receipt,
    단지: site?.name ?? '',
    잔여: content.remaining,
    // The free way to refuse: the site's 080 number, else the owner's link (which
    // withdraws the consent).
    수신거부: site?.refusalPhone ? `무료수신거부 ${site.refusalPhone}` : `수신거부: ${ownerLink}`,
    내정보: dataPageLink(state.site, state.id, env),
  }
}

/** The data page of the lead's number, as a text links it: the owner's token, for the code. */
export const dataPageLink = (site: string, leadId: string, env: Env = process.env): string =>
  `${readConfig(env).siteUrl}${myInfoPath(site, visitToken(leadId, env, 'owner'))}`

export interface NewText extends Omit<DueText, 'kind'> {
  kind: OutboxKind
  id: string
  lead_id: string
  recipient: string
  body: string
  variables: TextValues
  /** When it may be sent (an advert waits out the night, a notice its fold's window). */
  due_at: string
  /** A notice's `lead-id window-start`; null for texts that do not fold. */
  fold_key: string | null
}

function renderDue(states: LeadTextState[], content: TextContent, env: Env, now: number) {
  const texts: NewText[] = []
  for (const state of states) {
    for (const due of dueTexts(state, now)) {
      const template = content.templates[due.kind]
      if (!template) {
        console.error(`texts: no template for ${due.kind} in the Studio; it waits for one`)
        continue
      }
      const variables = textValues(state, content, env)
      // Without the remaining units there is nothing to advertise.
      if (due.kind === 'advert' && !variables.잔여) continue
      const fold = FOLDED_KINDS.has(due.kind) ? foldWindow(now) : null
      texts.push({
        ...due,
        id: randomUUID(),
        lead_id: state.id,
        recipient: state.phone,
        body: renderVisitorText(template, variables),
        variables,
        due_at: (
          fold?.dueAt ?? new Date(QUIET_KINDS.has(due.kind) ? advertDueAt(now) : now)
        ).toISOString(),
        fold_key: fold ? `${state.id} ${fold.start}` : null,
      })
    }
  }
  return texts
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

/** A text not handed to the provider: a staff alert to a number its site no longer lists. */
type Withheld = {status: 'cancelled'; reason: string}
export type TextOutcome = SendResult['status'] | Withheld['status']

/**
 * Whether a staff alert may go: only to a number its site lists now. A site's list that
 * cannot be read counts as a failed attempt, tried again after its backoff.
 */
async function withheld(
  {text, site}: ClaimedText,
  content: TextContentLoader,
): Promise<Withheld | SendResult | null> {
  if (text.kind !== STAFF_ALERT_KIND) return null
  try {
    return site && isListedStaffPhone(await content(), site, text.to)
      ? null
      : {status: 'cancelled', reason: UNLISTED_REASON}
  } catch (error) {
    console.error('texts: the staff phones could not be read; the alert waits', error)
    return {status: 'failed', reason: '현장의 알림 받을 번호를 읽지 못함'}
  }
}

/**
 * Sends a claimed text and records the result under the claim: should the lease have
 * run out and another caller have claimed the row meanwhile, this record changes nothing.
 * A failure is due again after its backoff, until MAX_TEXT_ATTEMPTS; a refusal never. The
 * outcome then counts for the texts' alarm (../operations/text-alarm.ts).
 */
export async function sendClaimedText(
  claimed: ClaimedText,
  provider: TextProvider,
  clock: () => number = Date.now,
  content: TextContentLoader = lakeTextContent,
): Promise<TextOutcome> {
  const {text, attempt, claim} = claimed
  const result = (await withheld(claimed, content)) ?? (await provider.send(text))
  const at = new Date(clock())
  const retry = result.status === 'failed' && attempt < MAX_TEXT_ATTEMPTS
  const next = retry ? new Date(at.getTime() + backoffMs(attempt)) : null
  await sql()`
    UPDATE text_messages SET
      status = ${result.status},
      last_attempt_at = ${at},
      last_error = ${'reason' in result ? result.reason : null},
      next_attempt_at = ${next}::timestamptz,
      sent_at = ${result.status === 'sent' ? at : null}::timestamptz,
      provider = ${result.status === 'cancelled' ? null : provider.name},
      provider_message_id = ${result.status === 'sent' ? result.messageId : null},
      claim_id = NULL,
      claimed_until = NULL
    WHERE id = ${text.id}::uuid AND claim_id = ${claim}::uuid`
  // The retry wakes the schedule (a run's own retries are in the time it reads at its end).
  if (next) await markDue('texts', next.getTime())
  await judgeTextOutcome(result.status, {clock, content, provider})
  return result.status
}

async function sendAll(
  claimed: ClaimedText[],
  provider: TextProvider,
  clock: () => number,
  content: TextContentLoader,
) {
  return Promise.all(claimed.map((one) => sendClaimedText(one, provider, clock, content)))
}

/**
 * Queues the staff alerts of `leadId`, or of the sweep's leads still without them, and the
 * owners' alerts of their visits' changes; the content is read only when there is one to
 * alert.
 */
async function alertStaff(
  where: Parameters<typeof unalertedLeads>[0],
  content: TextContentLoader,
  now: number,
): Promise<void> {
  const leads = await unalertedLeads(where)
  if (leads.length > 0) await queueStaffAlerts(leads, await content(), now)
  // A visit the visitor moved or cancelled alerts its owner (./owner-alerts.ts).
  await alertVisitChanges('leadId' in where ? where : {since: where.since}, content, now)
}

/**
 * After a request changed what a lead is due (stored it, changed its visit or consent): the
 * texts' schedule runs in the next minute. Its sweep does all a request does (and what a
 * request cut off left undone), then keeps the exact time of the next due text; so a request
 * marks "now" once, after its statement and before its own texts.
 */
export const markTextsDue = (now: number): Promise<void> => markDue('texts', now)

/**
 * Queues the texts a lead is due and sends them now, and queues its staff alert (sent at
 * the end of its 5-minute window): after a registration, and after a visitor moves or
 * cancels a visit. Never throws: whatever it could not do (the lake or the database
 * unreachable, the provider down) the scheduled sweep does later.
 */
export async function sendTextsFor(leadId: string, deps: TextDeps = {}): Promise<void> {
  const {clock = Date.now, env = process.env, content = lakeTextContent} = deps
  await markTextsDue(clock())
  try {
    const state = await leadState(leadId)
    if (state && dueTexts(state, clock()).length > 0) {
      const texts = renderDue([state], await content(), env, clock())
      const claimed = await queueTexts(texts, clock())
      await sendAll(claimed, deps.provider ?? textProvider(env), clock, content)
    }
  } catch (error) {
    console.error('texts: could not queue or send now; the scheduled sweep will', error)
  }
  try {
    await alertStaff({leadId}, content, clock())
  } catch (error) {
    console.error('texts: could not queue the staff alert now; the scheduled sweep will', error)
  }
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

/** The scheduled job's model houses, cached per instance as the visits' functions do. */
const sweepHouses = new ModelHouses()

export interface TextRunSummary {
  /** Rows the sweep queued. */
  queued: number
  /** Sends this run claimed (new rows and due retries). */
  due: number
  outcomes: Partial<Record<TextOutcome, number>>
  /**
   * Whether the sweep did all it had to: false when a part failed or read its limit of leads
   * (more may lack texts). Rows left due at the deadline are in the table and need no flag.
   */
  complete: boolean
  /** When the next lead not contacted in time is due its alert (null: none waits). */
  contactAlertAt: number | null
}

/**
 * One run of the scheduled job: queues (and sends) what leads and visits of the recent
 * past lack and reminders that have come due, then sends every due retry until `deadline`.
 * Texts already queued need no template, so the retries go on while the lake cannot be read.
 */
export async function runTexts({
  clock = Date.now,
  env = process.env,
  content = lakeTextContent,
  provider = textProvider(env),
  concurrency = 8,
  deadline = runDeadline(clock()),
  houses = sweepHouses,
}: TextDeps & {
  concurrency?: number
  /** No send is claimed from this instant on (runDeadline). */
  deadline?: number
  /** The model houses whose opening hours count a new lead's contact limit. */
  houses?: Pick<ModelHouses, 'get'>
} = {}): Promise<TextRunSummary> {
  let claimed: ClaimedText[] = []
  let complete = true
  let contactAlertAt: number | null = null
  try {
    const states = await sweepStates(clock())
    complete = states.length < SWEEP_LIMIT
    const pending = states.filter((state) => dueTexts(state, clock()).length > 0)
    const texts = pending.length > 0 ? renderDue(pending, await content(), env, clock()) : []
    claimed = await queueTexts(texts, clock())
  } catch (error) {
    complete = false
    console.error('texts: the sweep could not queue what is missing; the next run will', error)
  }
  try {
    await alertStaff({since: clock() - SWEEP_WINDOW_MS, limit: SWEEP_LIMIT}, content, clock())
  } catch (error) {
    complete = false
    console.error('texts: the sweep could not queue the staff alerts; the next run will', error)
  }
  try {
    const contacts = await alertUncontacted(content, houses, env, clock())
    complete &&= contacts.complete
    contactAlertAt = contacts.nextAt
  } catch (error) {
    complete = false
    console.error('texts: the sweep could not alert uncontacted leads; the next run will', error)
  }
  const outcomes: Partial<Record<TextOutcome, number>> = {}
  const count = (outcome: TextOutcome) => (outcomes[outcome] = (outcomes[outcome] ?? 0) + 1)
  // Rows the sweep claimed and the deadline leaves unsent are claimed again when their lease ends.
  for (let i = 0; i < claimed.length && clock() < deadline; i += concurrency)
    (await sendAll(claimed.slice(i, i + concurrency), provider, clock, content)).forEach(count)
  const retried = await drainOutbox({
    claim: (limit) => claimDueTexts(limit, clock()),
    send: (one) => sendClaimedText(one, provider, clock, content),
    concurrency,
    deadline,
    clock,
  })
  for (const [outcome, n] of Object.entries(retried.outcomes) as [TextOutcome, number][])
    outcomes[outcome] = (outcomes[outcome] ?? 0) + n
  return {
    queued: claimed.length,
    due: claimed.length + retried.due,
    outcomes,
    complete,
    contactAlertAt,
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

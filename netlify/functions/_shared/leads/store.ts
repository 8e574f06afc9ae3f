import {randomUUID} from 'node:crypto'
import {isSqlState, sql, UNIQUE_VIOLATION, type Sql} from '../database.ts'
import type {
  Attribution,
  DeliveryState,
  DeliveryStatus,
  Lead,
  LeadInput,
  LeadVisit,
  LeadSource,
  LeadStage,
  LeadDoubt,
  SpamReason,
  TextsWithheld,
  VisitRefused,
} from '#shared/leads/lead.ts'
import {auditInsert} from '../audit.ts'
import {newReceipt} from './receipt.ts'
import {countEvent, type RateLimitRule} from '../rate-limit.ts'
import {sha256} from '../sha256.ts'
import {writeVisitAt} from '#shared/visits/visit-time.ts'
import {takeSeat} from './visit-seats.ts'
import type {ForwardingMode} from '../lead-settings.ts'

/*
 * Leads in Netlify Database (see netlify/database/migrations). Writing a lead, its
 * delivery row and its first claim is one statement; so is every read the staff make.
 */

/**
 * An attempt claimed and not finished within this long is taken as abandoned, and claimed again.
 */
export const ATTEMPT_LEASE_MS = 60_000
/** A receipt clash draws a new receipt; more than a few in a row means something else is wrong. */
const SAVE_TRIES = 5

export interface NewLead {
  input: LeadInput
  spam: SpamReason | null
  doubt: LeadDoubt | null
  idempotencyKey: string | null
  now: number
  /** 'forward': the request that stores the lead also claims its first attempt. */
  forwarding: ForwardingMode
  /**
   * A time was asked for but not booked, because the number holds a coming visit on the
   * site: the lead of that visit, and the time asked for (part of the body an
   * Idempotency-Key stands for).
   */
  heldBy?: {leadId: string; askedAt: number}
}

export interface SavedLead {
  lead: Lead
  /** False when an earlier submission with the same Idempotency-Key stored it. */
  created: boolean
  /** The Idempotency-Key names an earlier lead of another body: nothing was stored. */
  keyReused: boolean
  /**
   * The claim of the first delivery attempt, held by this request (forwarding, not spam, created).
   */
  claim: string | null
}

/** JSON with every object's keys sorted: one text per value, however it was put together. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    const members = entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
    return `{${members.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** A lead row joined with its delivery, as every read selects it. */
export interface LeadRow {
  id: string
  receipt: string
  created_at: Date
  site: string
  source: string
  name: string
  phone: string
  message: string | null
  consent_version: string | null
  marketing_consent: boolean
  marketing_consent_version: string | null
  marketing_confirmed_at: Date | null
  spam_reason: string | null
  doubt: LeadDoubt | null
  texts_withheld: TextsWithheld | null
  visit_refused: VisitRefused | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  landing_path: string | null
  referrer_host: string | null
  status: string
  attempts: number
  next_attempt_at: Date | null
  last_attempt_at: Date | null
  last_error: string | null
  delivered_at: Date | null
  visit_starts_at: Date | null
  visit_status: LeadVisit['status'] | null
  stage: LeadStage
  owner: string | null
  repeats: number
  last_contact_at: Date | null
  callback_at: Date | null
}

/** Registrations of one phone on one site this close together are one person's. */
export const REPEAT_WINDOW = '30 days'

/** The select list of LeadRow over `leads l JOIN lead_deliveries d`. */
export const leadColumns = (
  s: Sql,
) => s`l.id, l.receipt, l.created_at, l.site, l.source, l.name, l.phone, l.message, l.consent_version, l.marketing_consent,
  l.marketing_consent_version, l.marketing_confirmed_at, l.spam_reason, l.doubt, l.texts_withheld,
  l.visit_refused,
  l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.landing_path,
  l.referrer_host,
  d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.last_error, d.delivered_at,
  (SELECT v.starts_at FROM visits v WHERE v.lead_id = l.id) AS visit_starts_at,
  (SELECT v.status FROM visits v WHERE v.lead_id = l.id) AS visit_status, l.stage, l.owner,
  (SELECT count(*)::int FROM leads o WHERE o.site = l.site AND o.phone = l.phone AND o.id <> l.id
    AND o.spam_reason IS NULL AND o.created_at >= l.created_at - ${REPEAT_WINDOW}::interval
    AND o.created_at <= l.created_at + ${REPEAT_WINDOW}::interval) AS repeats,
  l.last_contact_at, l.callback_at`

const iso = (date: Date | null): string | undefined => (date ? date.toISOString() : undefined)

/** Only the fields that have a value: the JSON answers leave absent ones out. */
function present<T extends object>(record: {[K in keyof T]: T[K] | null | undefined}): T {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== null && value !== undefined),
  ) as T
}

export function leadFromRow(row: LeadRow): Lead {
  return {
    ...present<Pick<Lead, 'message' | 'consentVersion' | 'marketingConsentVersion'>>({
      message: row.message,
      consentVersion: row.consent_version,
      marketingConsentVersion: row.marketing_consent_version,
    }),
    id: row.id,
    receipt: row.receipt,
    createdAt: row.created_at.toISOString(),
    stage: row.stage,
    ...(row.owner ? {owner: row.owner} : {}),
    repeats: row.repeats,
    site: row.site,
    source: row.source as LeadSource,
    name: row.name,
    phone: row.phone,
    consent: true,
    marketingConsent: row.marketing_consent,
    attribution: present<Attribution>({
      utmSource: row.utm_source,
      utmMedium: row.utm_medium,
      utmCampaign: row.utm_campaign,
      utmTerm: row.utm_term,
      utmContent: row.utm_content,
      landingPath: row.landing_path,
      referrerHost: row.referrer_host,
    }),
    ...present<Pick<Lead, 'lastContactAt' | 'callbackAt'>>({
      lastContactAt: iso(row.last_contact_at),
      callbackAt: iso(row.callback_at),
    }),
    ...(row.marketing_confirmed_at
      ? {marketingConfirmedAt: row.marketing_confirmed_at.toISOString()}
      : {}),
    ...(row.spam_reason ? {spam: row.spam_reason as SpamReason} : {}),
    ...(row.doubt ? {doubt: row.doubt} : {}),
    ...(row.texts_withheld ? {textsWithheld: row.texts_withheld} : {}),
    ...(row.visit_refused ? {visitRefused: row.visit_refused} : {}),
    ...(row.visit_starts_at && row.visit_status
      ? {visit: {start: writeVisitAt(row.visit_starts_at.getTime()), status: row.visit_status}}
      : {}),
    delivery: {
      status: row.status as DeliveryStatus,
      attempts: row.attempts,
      ...present<Omit<DeliveryState, 'status' | 'attempts'>>({
        lastAttemptAt: iso(row.last_attempt_at),
        lastError: row.last_error,
        nextAttemptAt: iso(row.next_attempt_at),
        deliveredAt: iso(row.delivered_at),
      }),
    },
  }
}

/**
 * The delivery a new lead starts with, and whether the storing request claims its first attempt.
 */
function firstDelivery(spam: SpamReason | null, forwarding: ForwardingMode, now: Date) {
  if (spam || forwarding === 'preview-held')
    return {
      status: spam ? ('held' as const) : ('preview-held' as const),
      attempts: 0,
      nextAttemptAt: null,
      claim: null,
      claimedUntil: null,
    }
  if (forwarding === 'not-configured')
    return {
      status: 'not-configured' as const,
      attempts: 0,
      nextAttemptAt: now,
      claim: null,
      claimedUntil: null,
    }
  return {
    status: 'pending' as const,
    attempts: 1,
    nextAttemptAt: now,
    claim: randomUUID(),
    claimedUntil: new Date(now.getTime() + ATTEMPT_LEASE_MS),
  }
}

/** A seat at the model house taken together with the lead (see saveLead). */
export interface SeatRequest {
  visitAt: number
  /** The slot's capacity in the schedule now: it replaces what an earlier booking stored. */
  capacity: number
}

/**
 * What the statement of saveLead gives back, or that the slot of `seat` was full, or that
 * the number holds a coming visit on the site ('held', migration 0020), or that the slot a
 * waiting-list entry asked for was not full or already had the number waiting ('not-full').
 */
type Saved = SavedLead | 'full' | 'held' | 'not-full'

/** The refusal of a second coming visit of one number on a site (migration 0020). */
export const COMING_VISIT_HELD = 'VH001'
/** Postgres's "unique violation". */
const isUniqueViolation = (error: unknown): boolean => isSqlState(error, UNIQUE_VIOLATION)

/**
 * Stores a lead durably before the visitor is told it was received: the lead and its
 * delivery row in one statement. The same Idempotency-Key never makes a second lead (a
 * unique digest): it answers the first lead again. A statement that stores nothing and
 * finds no earlier lead met a receipt already taken, or a concurrent submission with the
 * same key not yet visible to it; it is run again with a new receipt.
 */
export async function saveLead(lead: NewLead): Promise<SavedLead> {
  const saved = await save(lead, null)
  if (typeof saved === 'string') throw new Error('saveLead: no seat was asked for')
  return saved
}

/**
 * Stores a lead with its visit at `seat`: the seat, the lead, its delivery row and the
 * visit in ONE statement that stores nothing when the slot is full ('full'). The seat is
 * a conditional update of the slot's counter (`booked < capacity`), whose row lock makes
 * a concurrent booking re-check the count. The lead's insert has no ON CONFLICT here: a
 * clash (receipt, Idempotency-Key) fails the whole statement, seat included, and is
 * answered like saveLead's. A number that holds a coming visit on the site gets no second
 * one: its statement stores nothing ('held').
 */
export async function bookLead(
  lead: NewLead,
  seat: SeatRequest,
): Promise<Exclude<Saved, 'not-full'>> {
  const saved = await save(lead, seat)
  if (saved === 'not-full') throw new Error('bookLead: a booking is never a waiting-list entry')
  return saved
}

/**
 * Stores a lead with a waiting-list entry for the slot of `slot` (migration 0023), in ONE
 * statement that stores nothing ('not-full') unless the slot is full (`booked` at its
 * capacity) and the number is not waiting for it already; a concurrent second entry of
 * the number fails the whole statement on the entry's unique index and is tried again,
 * finding the first.
 */
export async function waitLead(lead: NewLead, slot: SeatRequest): Promise<Saved> {
  return save(lead, null, {wait: slot})
}

/** A visitor registered at the desk by a staff member: their visit begins as it is stored. */
export interface DeskArrival {
  /** The staff member's e-mail. */
  by: string
  /** The staff device's key for the audit entry (visitor.ts). */
  visitor: string
}

/**
 * Stores a walk-in's lead with a visit that starts now and is checked in by `arrival.by`,
 * the lead at 방문완료 and the entry of the audit log, in one statement. No seat is taken:
 * the visitor is already there. A number that holds a coming visit on the site gets no
 * second one ('held', nothing stored): staff move that visit instead.
 */
export async function saveWalkIn(lead: NewLead, arrival: DeskArrival): Promise<SavedLead | 'held'> {
  const saved = await save(lead, null, {arrival})
  if (saved === 'full' || saved === 'not-full')
    throw new Error('saveWalkIn: no seat or waiting list was asked for')
  return saved
}

async function save(
  {input, spam, doubt, idempotencyKey, now, forwarding, heldBy}: NewLead,
  seat: SeatRequest | null,
  {arrival = null, wait = null}: {arrival?: DeskArrival | null; wait?: SeatRequest | null} = {},
): Promise<Saved> {
  const s = sql()
  const createdAt = new Date(now)
  const keyHash = idempotencyKey ? sha256(idempotencyKey) : null
  // The input as validated (trimmed, the phone normalised), and the time asked for: a
  // resent form matches its first send.
  const askedAt = seat?.visitAt ?? wait?.visitAt ?? heldBy?.askedAt
  const bodyHash = idempotencyKey
    ? sha256(canonicalJson(askedAt === undefined ? input : {...input, visitAt: askedAt}))
    : null
  const delivery = firstDelivery(spam, forwarding, createdAt)
  const a = input.attribution
  const seatVisitAt = seat ? new Date(seat.visitAt) : null
  const waitVisitAt = wait ? new Date(wait.visitAt) : null
  // A lead that books a visit starts at 방문예약: the funnel counts the bookings as they come.
  const stage: LeadStage = seat ? 'booked' : arrival ? 'visited' : 'new'
  for (let attempt = 1; attempt <= SAVE_TRIES; attempt++) {
    const id = randomUUID()
    const receipt = newReceipt(now)
    const values = s`${id}, ${receipt}, ${createdAt}, ${input.site}, ${input.source},
      ${input.name}, ${input.phone}, ${input.message ?? null}, true, ${input.consentVersion ?? null}, ${input.marketingConsent},
      ${input.marketingConsentVersion ?? null}, ${spam}, ${doubt}, ${keyHash}, ${bodyHash},
      ${a.utmSource ?? null}, ${a.utmMedium ?? null},
      ${a.utmCampaign ?? null}, ${a.utmTerm ?? null}, ${a.utmContent ?? null},
      ${a.landingPath ?? null}, ${a.referrerHost ?? null},
      ${heldBy ? 'existing-visit' : null}, ${heldBy?.leadId ?? null}::uuid, ${stage}`
    const seatStep = seat
      ? s`seat AS (${takeSeat(s, s`VALUES (${input.site}, ${seatVisitAt}, ${seat.capacity}, 1)`)}),`
      : wait
        ? s`seat AS (
            SELECT starts_at FROM visit_slots
            WHERE site = ${input.site} AND starts_at = ${waitVisitAt} AND booked >= ${wait.capacity}
              AND NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.site = ${input.site}
                AND w.starts_at = ${waitVisitAt} AND w.phone = ${input.phone})
          ),`
        : s``
    const source =
      seat || wait ? s`SELECT ${values} FROM seat` : s`VALUES (${values}) ON CONFLICT DO NOTHING`
    const visit = seat
      ? s`, visit AS (
          INSERT INTO visits (lead_id, site, starts_at, status, revision, booked_at, changed_at,
            last_change)
          SELECT id, ${input.site}, ${seatVisitAt}, 'booked', 1, ${createdAt}, ${createdAt}, 'booked'
          FROM inserted
        )`
      : arrival
        ? s`, visit AS (
          INSERT INTO visits (lead_id, site, starts_at, status, revision, booked_at, changed_at,
            last_change, arrived_at, arrived_by)
          SELECT id, ${input.site}, ${createdAt}, 'booked', 1, ${createdAt}, ${createdAt}, 'booked',
            ${createdAt}, ${arrival.by}
          FROM inserted
        ), walk_in AS (
          ${auditInsert(s, {at: now, actor: arrival.by, action: 'walk-in', visitor: arrival.visitor, leadId: id})}
          FROM inserted
        )`
        : wait
          ? s`, entry AS (
            INSERT INTO waitlist_entries (lead_id, site, starts_at, phone, joined_at, status)
            SELECT id, ${input.site}, ${waitVisitAt}, ${input.phone}, ${createdAt}, 'waiting'
            FROM inserted
          ), joined AS (
            INSERT INTO audit_log (at, actor, action, lead_id, detail)
            SELECT ${createdAt}::timestamptz, 'visitor', 'waitlist-join', id,
              jsonb_build_object('start', ${waitVisitAt}::timestamptz)
            FROM inserted
          )`
          : s``
    let rows
    try {
      rows = await s<{id: string; receipt: string; created: boolean; same_body: boolean}>`
        WITH ${seatStep} inserted AS (
          INSERT INTO leads (id, receipt, created_at, site, source, name, phone, message, consent, consent_version, marketing_consent, marketing_consent_version,
            spam_reason, doubt, idempotency_key_hash,
            idempotency_body_hash, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
            landing_path, referrer_host, visit_refused, visit_held_by, stage)
          ${source}
          RETURNING id, receipt
        ), delivery AS (
          INSERT INTO lead_deliveries
            (lead_id, status, attempts, next_attempt_at, claim_id, claimed_until)
          SELECT id, ${delivery.status}, ${delivery.attempts},
            ${delivery.nextAttemptAt}::timestamptz, ${delivery.claim}::uuid,
            ${delivery.claimedUntil}::timestamptz
          FROM inserted
        ) ${visit}
        SELECT id, receipt, true AS created, true AS same_body FROM inserted
        UNION ALL
        SELECT id, receipt, false AS created,
          coalesce(idempotency_body_hash = ${bodyHash}, true) AS same_body
        FROM leads
        WHERE ${keyHash}::text IS NOT NULL AND idempotency_key_hash = ${keyHash}
          AND NOT EXISTS (SELECT 1 FROM inserted)`
    } catch (error) {
      // The visit's insert refused a second coming visit of the number: nothing was stored.
      if ((seat || arrival) && isSqlState(error, COMING_VISIT_HELD)) return 'held'
      if (!(seat || wait) || !isUniqueViolation(error)) throw error
      // A receipt or the Idempotency-Key was taken; the seat went back with the statement.
      const earlier = keyHash ? await leadOfKey(keyHash, bodyHash) : null
      if (earlier) return {...earlier, created: false, claim: null}
      continue
    }
    const saved = rows[0]
    if (!saved) {
      // With a seat, a statement that stored nothing without a clash found the slot full.
      if (seat) return 'full'
      if (wait) return 'not-full'
      continue
    }
    if (!saved.created) {
      const earlier = await getLead(saved.id)
      if (earlier) return {lead: earlier, created: false, keyReused: !saved.same_body, claim: null}
      continue
    }
    const lead: Lead = {
      id,
      receipt,
      createdAt: createdAt.toISOString(),
      ...input,
      ...(spam ? {spam} : {}),
      ...(doubt ? {doubt} : {}),
      ...(heldBy ? {visitRefused: 'existing-visit' as const} : {}),
      ...(seat ? {visit: {start: writeVisitAt(seat.visitAt), status: 'booked' as const}} : {}),
      delivery: {status: delivery.status, attempts: 0},
      stage,
      repeats: 0,
    }
    return {lead, created: true, keyReused: false, claim: delivery.claim}
  }
  throw new Error('saveLead: no receipt could be taken')
}

/** The lead of an Idempotency-Key, and whether it was stored from another body. */
async function leadOfKey(
  keyHash: string,
  bodyHash: string | null,
): Promise<{lead: Lead; keyReused: boolean} | null> {
  const rows = await sql()<{id: string; same_body: boolean}>`
    SELECT id, coalesce(idempotency_body_hash = ${bodyHash}, true) AS same_body
    FROM leads WHERE idempotency_key_hash = ${keyHash}`
  const lead = rows[0] ? await getLead(rows[0].id) : null
  return lead ? {lead, keyReused: !rows[0]!.same_body} : null
}

/**
 * Counts a new lead against its number's registrations on its site (`rule`, the phone as
 * normalised, so every spelling is one number), and past the limit marks the lead
 * 'phone-limit': one statement, whose counter is the rate limit's upsert, so concurrent
 * registrations of one number are counted one after another. True when the lead's
 * texts may be queued.
 */
export async function countPhoneRegistration(
  lead: Pick<Lead, 'id' | 'site' | 'phone'>,
  rule: RateLimitRule,
  now: number,
): Promise<boolean> {
  const s = sql()
  const rows = await s<{withheld: boolean}>`
    WITH counted AS (${countEvent(s, rule, `${lead.site} ${lead.phone}`, now)}),
    marked AS (
      UPDATE leads SET texts_withheld = 'phone-limit'
      WHERE id = ${lead.id}::uuid AND NOT EXISTS (SELECT 1 FROM counted)
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM marked) AS withheld`
  return !rows[0]?.withheld
}

export async function getLead(id: string): Promise<Lead | null> {
  const s = sql()
  const rows = await s<LeadRow>`SELECT ${leadColumns(s)}
    FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id WHERE l.id = ${id}::uuid`
  return rows[0] ? leadFromRow(rows[0]) : null
}

/**
 * Whether `id` can name a lead at all (ids are UUIDs): anything else is answered 404 without a
 * query.
 */
export const isLeadId = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

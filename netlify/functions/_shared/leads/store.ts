import {createHash, randomUUID} from 'node:crypto'
import {sql, type Sql} from '../database.ts'
import type {
  Attribution,
  DeliveryState,
  DeliveryStatus,
  Lead,
  LeadInput,
  LeadSource,
  SpamReason,
} from '../../../../shared/leads/lead.ts'
import {newReceipt} from './receipt.ts'

/*
 * Leads in Netlify Database (see netlify/database/migrations). Writing a lead, its
 * delivery row and its first claim is one statement; so is every read the staff make.
 */

/** An attempt claimed and not finished within this long is taken as abandoned, and claimed again. */
export const ATTEMPT_LEASE_MS = 60_000
/** A receipt clash draws a new receipt; more than a few in a row means something else is wrong. */
const SAVE_TRIES = 5

export interface NewLead {
  input: LeadInput
  spam: SpamReason | null
  idempotencyKey: string | null
  now: number
  /** Whether FORM_FORWARD_URL is set: the request that stores the lead then claims its first attempt. */
  forwarding: boolean
}

export interface SavedLead {
  lead: Lead
  /** False when an earlier submission with the same Idempotency-Key stored it. */
  created: boolean
  /** The Idempotency-Key names an earlier lead of another body: nothing was stored. */
  keyReused: boolean
  /** The claim of the first delivery attempt, held by this request (forwarding, not spam, created). */
  claim: string | null
}

export const sha256 = (text: string): string =>
  createHash('sha256').update(text).digest('base64url')

/** JSON with every object's keys sorted: one text per value, however it was put together. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
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
  email: string | null
  visit_date: string | null
  message: string | null
  consent_version: string | null
  marketing_consent: boolean
  spam_reason: string | null
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
}

/** The select list of LeadRow over `leads l JOIN lead_deliveries d`. */
export const leadColumns = (
  s: Sql,
) => s`l.id, l.receipt, l.created_at, l.site, l.source, l.name, l.phone, l.email,
  l.visit_date::text AS visit_date, l.message, l.consent_version, l.marketing_consent, l.spam_reason,
  l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.landing_path, l.referrer_host,
  d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.last_error, d.delivered_at`

const iso = (date: Date | null): string | undefined => (date ? date.toISOString() : undefined)

/** Only the fields that have a value: the JSON answers leave absent ones out. */
function present<T extends object>(record: {[K in keyof T]: T[K] | null | undefined}): T {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== null && value !== undefined),
  ) as T
}

export function leadFromRow(row: LeadRow): Lead {
  return {
    ...present<Pick<Lead, 'message' | 'email' | 'visitDate' | 'consentVersion'>>({
      message: row.message,
      email: row.email,
      visitDate: row.visit_date,
      consentVersion: row.consent_version,
    }),
    id: row.id,
    receipt: row.receipt,
    createdAt: row.created_at.toISOString(),
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
    ...(row.spam_reason ? {spam: row.spam_reason as SpamReason} : {}),
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

/** The delivery a new lead starts with, and whether the storing request claims its first attempt. */
function firstDelivery(spam: SpamReason | null, forwarding: boolean, now: Date) {
  if (spam)
    return {
      status: 'held' as const,
      attempts: 0,
      nextAttemptAt: null,
      claim: null,
      claimedUntil: null,
    }
  if (!forwarding)
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

/**
 * Stores a lead durably before the visitor is told it was received: the lead and its
 * delivery row in one statement. The same Idempotency-Key never makes a second lead (a
 * unique digest): it answers the first lead again. A statement that stores nothing and
 * finds no earlier lead met a receipt already taken, or a concurrent submission with the
 * same key not yet visible to it; it is run again with a new receipt.
 */
export async function saveLead({
  input,
  spam,
  idempotencyKey,
  now,
  forwarding,
}: NewLead): Promise<SavedLead> {
  const s = sql()
  const createdAt = new Date(now)
  const keyHash = idempotencyKey ? sha256(idempotencyKey) : null
  // The input as validated (trimmed, the phone normalised): a resent form matches its first send.
  const bodyHash = idempotencyKey ? sha256(canonicalJson(input)) : null
  const delivery = firstDelivery(spam, forwarding, createdAt)
  const a = input.attribution
  for (let attempt = 1; attempt <= SAVE_TRIES; attempt++) {
    const id = randomUUID()
    const receipt = newReceipt(now)
    const rows = await s<{id: string; receipt: string; created: boolean; same_body: boolean}>`
      WITH inserted AS (
        INSERT INTO leads (id, receipt, created_at, site, source, name, phone, email, visit_date, message, consent,
          consent_version, marketing_consent, spam_reason, idempotency_key_hash, idempotency_body_hash,
          utm_source, utm_medium, utm_campaign, utm_term, utm_content, landing_path, referrer_host)
        VALUES (${id}, ${receipt}, ${createdAt}, ${input.site}, ${input.source}, ${input.name}, ${input.phone},
          ${input.email ?? null}, ${input.visitDate ?? null}::date, ${input.message ?? null}, true,
          ${input.consentVersion ?? null}, ${input.marketingConsent}, ${spam}, ${keyHash}, ${bodyHash},
          ${a.utmSource ?? null}, ${a.utmMedium ?? null}, ${a.utmCampaign ?? null}, ${a.utmTerm ?? null},
          ${a.utmContent ?? null}, ${a.landingPath ?? null}, ${a.referrerHost ?? null})
        ON CONFLICT DO NOTHING
        RETURNING id, receipt
      ), delivery AS (
        INSERT INTO lead_deliveries (lead_id, status, attempts, next_attempt_at, claim_id, claimed_until)
        SELECT id, ${delivery.status}, ${delivery.attempts}, ${delivery.nextAttemptAt}::timestamptz, ${delivery.claim}::uuid,
          ${delivery.claimedUntil}::timestamptz
        FROM inserted
      )
      SELECT id, receipt, true AS created, true AS same_body FROM inserted
      UNION ALL
      SELECT id, receipt, false AS created,
        coalesce(idempotency_body_hash = ${bodyHash}, true) AS same_body
      FROM leads
      WHERE ${keyHash}::text IS NOT NULL AND idempotency_key_hash = ${keyHash} AND NOT EXISTS (SELECT 1 FROM inserted)`
    const saved = rows[0]
    if (!saved) continue
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
      delivery: {status: delivery.status, attempts: 0},
    }
    return {lead, created: true, keyReused: false, claim: delivery.claim}
  }
  throw new Error('saveLead: no receipt could be taken')
}

export async function getLead(id: string): Promise<Lead | null> {
  const s = sql()
  const rows =
    await s<LeadRow>`SELECT ${leadColumns(s)} FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id WHERE l.id = ${id}::uuid`
  return rows[0] ? leadFromRow(rows[0]) : null
}

/** Whether `id` can name a lead at all (ids are UUIDs): anything else is answered 404 without a query. */
export const isLeadId = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

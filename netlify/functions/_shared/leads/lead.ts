/**
 * A lead as stored in the `leads` store, and what is forwarded of it. The forwarded
 * shape is the contract with the external form-collection service.
 */

export const LEAD_SOURCES = ['popup', 'customer', 'home'] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]

/**
 * pending: stored, first delivery not finished yet; failed: the last attempt failed and
 * another is scheduled (`nextAttemptAt`); delivered: the service answered 2xx;
 * not-configured: no FORM_FORWARD_URL yet (forwarded once one is set); held: spam, never
 * forwarded.
 */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'not-configured', 'held'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export type SpamReason = 'honeypot' | 'too-fast'

/** What a visitor submitted, validated and normalized. */
export interface LeadInput {
  name: string
  phone: string
  message?: string
  email?: string
  visitDate?: string
  consent: true
  marketingConsent: boolean
  source: LeadSource
  /** The site's path segment; resolved to the default site when the form sent none. */
  site: string
}

/** The body POSTed to FORM_FORWARD_URL (with `Idempotency-Key: <id>`). */
export interface ForwardedLead extends LeadInput {
  id: string
  receipt: string
  /** ISO 8601 instant. */
  createdAt: string
}

export interface DeliveryState {
  status: DeliveryStatus
  attempts: number
  lastAttemptAt?: string
  lastError?: string
  /** When the retry job may try again (ISO 8601), for pending and failed leads. */
  nextAttemptAt?: string
  deliveredAt?: string
}

export interface Lead extends ForwardedLead {
  spam?: SpamReason
  delivery: DeliveryState
  /** sha256 of the form's Idempotency-Key, so retention can delete its claim too. */
  idempotencyKeyHash?: string
}

/* Keys sort newest first because they start with the time counted down from a far end. */
const TIME_END = 9_999_999_999_999

/**
 * The blob key of a lead: `lead/…` or, for spam, `spam/…`, then the inverted creation
 * time, the site and the id, so that listing, date and site filters and retention need
 * no reads.
 */
export function leadKey(lead: Pick<Lead, 'id' | 'site' | 'createdAt' | 'spam'>): string {
  const inverted = String(TIME_END - Date.parse(lead.createdAt)).padStart(13, '0')
  return `${lead.spam ? 'spam' : 'lead'}/${inverted}/${lead.site}/${lead.id}`
}

export interface LeadKeyParts {
  pile: 'lead' | 'spam'
  createdAtMs: number
  site: string
  id: string
}

export function parseLeadKey(key: string): LeadKeyParts | null {
  const match = /^(lead|spam)\/(\d{13})\/([^/]+)\/([^/]+)$/.exec(key)
  if (!match) return null
  return {pile: match[1] as 'lead' | 'spam', createdAtMs: TIME_END - Number(match[2]), site: match[3]!, id: match[4]!}
}

/** The lead as forwarded: everything the visitor gave plus id, receipt and time. */
export function forwardedBody(lead: Lead): ForwardedLead {
  const {id, receipt, createdAt, name, phone, message, email, visitDate, consent, marketingConsent, source, site} = lead
  return {id, receipt, createdAt, name, phone, message, email, visitDate, consent, marketingConsent, source, site}
}

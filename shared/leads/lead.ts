/**
 * A lead as staff and the delivery see it, and what is forwarded of it. The forwarded
 * shape is the contract with the external form-collection service. Pure types and
 * constants: the staff screen imports them too.
 */

/** The site's forms a visitor registers through. */
export const FORM_SOURCES = ['popup', 'customer', 'home'] as const
export type FormSource = (typeof FORM_SOURCES)[number]

/** Where a lead came from: a form, or the model house's desk (a visitor without a booking). */
export const LEAD_SOURCES = [...FORM_SOURCES, 'walk-in'] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]

/**
 * pending: stored, first delivery not finished yet; failed: the last attempt failed and
 * another is scheduled (`nextAttemptAt`); delivered: the service answered 2xx;
 * not-configured: no FORM_FORWARD_URL yet (forwarded once one is set); held: spam, never
 * forwarded; preview-held: stored by a deploy preview or branch deploy, never forwarded.
 */
export const DELIVERY_STATUSES = [
  'pending',
  'delivered',
  'failed',
  'not-configured',
  'held',
  'preview-held',
] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export type SpamReason = 'honeypot' | 'too-fast'
/**
 * Why the server doubts a registration it keeps as a person's: booked, texted and forwarded
 * as usual, and shown to staff with the doubt. (Older leads sent too fast were kept as spam.)
 */
export type LeadDoubt = 'too-fast'
/** Why a stored lead got no text: its number had registered on the site as often as a day allows. */
export type TextsWithheld = 'phone-limit'
/**
 * Why a registration that asked for a visit time booked none: 'existing-visit' when its
 * number already held a coming visit on the site (it was texted that visit's link).
 */
export type VisitRefused = 'existing-visit'

/** Where staff stand with a lead, in the order a lead usually moves through them. */
export const LEAD_STAGES = [
  'new',
  'contacted',
  'booked',
  'visited',
  'no-show',
  'contracted',
  'on-hold',
] as const
export type LeadStage = (typeof LEAD_STAGES)[number]

/** The stages' names as staff read them, on the staff page and in the CSV alike. */
export const STAGE_LABELS: Record<LeadStage, string> = {
  new: '신규',
  contacted: '연락완료',
  booked: '방문예약',
  visited: '방문완료',
  'no-show': '노쇼',
  contracted: '계약',
  'on-hold': '보류',
}

/**
 * Where the visitor came from: the UTM parameters and path of the visit's first page and
 * the host of the page that linked to it. Every field is optional (a direct visit has none).
 */
export interface Attribution {
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  utmTerm?: string
  utmContent?: string
  landingPath?: string
  referrerHost?: string
}

export const ATTRIBUTION_FIELDS = [
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'landingPath',
  'referrerHost',
] as const

/** What a visitor submitted, validated and normalized. */
export interface LeadInput {
  name: string
  phone: string
  message?: string
  consent: true
  /**
   * The revision of the consent text the visitor agreed to (the privacy document's `_updatedAt`).
   */
  consentVersion?: string
  marketingConsent: boolean
  /**
   * The revision of the marketing consent's text, when ticked: the same privacy document
   * holds it, so it is that document's `_updatedAt` too.
   */
  marketingConsentVersion?: string
  source: LeadSource
  /** The site's path segment; resolved to the default site when the form sent none. */
  site: string
  attribution: Attribution
}

/** A stored lead as the forwarding reads it: what the visitor gave plus id, receipt and time. */
export interface ForwardedLead extends LeadInput {
  id: string
  receipt: string
  /** ISO 8601 instant. */
  createdAt: string
  /** The visit booked with the lead, whose date the forwarded body carries. */
  visit?: LeadVisit
}

/**
 * The body POSTed to FORM_FORWARD_URL (with `Idempotency-Key: <id>`): the lead, and the keys
 * the form-collection service takes from the popup. `email` is always empty: no form asks for
 * one. `visitDate` is the booked visit's date in Korea ('YYYY-MM-DD'), empty without one.
 */
export type ForwardedBody = Omit<ForwardedLead, 'visit'> & {email: ''; visitDate: string}

export interface DeliveryState {
  status: DeliveryStatus
  attempts: number
  lastAttemptAt?: string
  lastError?: string
  /** When the retry job may try again (ISO 8601), for pending and failed leads. */
  nextAttemptAt?: string
  deliveredAt?: string
}

/** Who marks a visit nobody came to, 30 minutes after its slot, in the audit log. */
export const NO_SHOW_JOB_ACTOR = 'no-show-job'

/**
 * A change of a lead's visit as the staff read it in the lead's history: `from` and `to` are
 * slot starts (before a move, cancellation or no-show, and after a move), `actor` the staff
 * member who made it (null: the visitor, through their own link; NO_SHOW_JOB_ACTOR: the
 * scheduled job that marks no-shows).
 */
export interface VisitChange {
  at: string
  actor: string | null
  change: 'move' | 'cancel' | 'book' | 'check-in' | 'walk-in' | 'no-show' | 'confirm'
  from: string | null
  to: string | null
}

/** The visit booked with a lead: its start ('2026-11-27T10:00:00+09:00') and status. */
export interface LeadVisit {
  start: string
  status: 'booked' | 'cancelled'
}

export interface Lead extends ForwardedLead {
  spam?: SpamReason
  doubt?: LeadDoubt
  /** Set when the visitor was not texted about this registration (see TextsWithheld). */
  textsWithheld?: TextsWithheld
  /** Set when the time asked for was not booked (see VisitRefused). */
  visitRefused?: VisitRefused
  delivery: DeliveryState
  /**
   * When the number's owner confirmed the marketing consent through the link texted to it
   * (ISO 8601); until then the tick sends no advert (never forwarded).
   */
  marketingConfirmedAt?: string
  /** The staff's pipeline stage (never forwarded). */
  stage: LeadStage
  /** The e-mail of the staff member who works the lead (never forwarded); absent: nobody yet. */
  owner?: string
  /**
   * Other registrations of the same phone on the same site within 30 days either side: the
   * same person, shown together.
   */
  repeats: number
  /**
   * When staff last reached for the lead: its latest call or staff stage change (ISO 8601;
   * never forwarded).
   */
  lastContactAt?: string
  /** The time a caller asked to be called back at, while that call is still to make. */
  callbackAt?: string
}

/** The lead as forwarded: everything the visitor gave plus id, receipt and time. */
export function forwardedBody(lead: ForwardedLead): ForwardedBody {
  const {
    id,
    receipt,
    createdAt,
    name,
    phone,
    message,
    consent,
    consentVersion,
    marketingConsent,
    marketingConsentVersion,
    source,
    site,
    attribution,
    visit,
  } = lead
  return {
    id,
    receipt,
    createdAt,
    name,
    phone,
    message,
    email: '',
    visitDate: visit?.status === 'booked' ? visit.start.slice(0, 10) : '',
    consent,
    consentVersion,
    marketingConsent,
    marketingConsentVersion,
    source,
    site,
    attribution,
  }
}

import {authorized, jsonResult, type LeadStage} from './leads-api.ts'

/** One booking on the staff's schedule (`GET /api/admin/visits`). */
export interface AdminVisit {
  leadId: string
  receipt: string
  site: string
  start: string
  status: 'booked' | 'cancelled'
  name: string
  phone: string
  message: string | null
  source: string
  /** When the visitor was checked in at the model house, and by whom; null before. */
  arrivedAt: string | null
  arrivedBy: string | null
  /** When the visitor confirmed the visit on their link the day before; null before. */
  confirmedAt: string | null
  /** When the visit was marked a no-show, and by whom ('no-show-job': the scheduled job). */
  noShowAt: string | null
  noShowBy: string | null
  /** The lead's stage now. */
  stage: LeadStage
  /** The lead's owner, once leads have owners. */
  owner?: string | null
}

/** A visitor checked in (`POST /api/admin/visits/check-in`). */
export interface CheckedIn {
  leadId: string
  name: string
  start: string
  arrivedAt: string
}

export type MessageKind =
  | 'confirmation'
  | 'acknowledgement'
  | 'reminder'
  | 'cancelled'
  | 'moved'
  | 'advert'
  | 'staff-alert'
  | 'no-show'
export type MessageStatus =
  'queued' | 'sent' | 'kept' | 'failed' | 'refused' | 'skipped' | 'cancelled'

/** One text of the outbox (`GET /api/admin/messages`). */
export interface OutboxMessage {
  to: string
  kind: MessageKind
  text: string
  status: MessageStatus
  /** Why it was not sent, in Korean (say, the number's daily budget); null otherwise. */
  reason: string | null
  createdAt: string
}

export async function fetchAdminVisits(site: string, days: number) {
  const params = new URLSearchParams({days: String(days)})
  if (site) params.set('site', site)
  return jsonResult<{items: AdminVisit[]}>(await authorized(`/api/admin/visits?${params}`))
}

export async function fetchMessages(to: string) {
  const query = to.trim() ? `?${new URLSearchParams({to: to.trim()})}` : ''
  return jsonResult<{items: OutboxMessage[]}>(await authorized(`/api/admin/messages${query}`))
}

/** Marks a visit nobody came to a no-show, once its slot has started. */
export async function markNoShow(visitId: string) {
  return jsonResult<{visit: {leadId: string; noShowAt: string}}>(
    await authorized('/api/admin/visits/no-show', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({visitId}),
    }),
  )
}

/** Checks a visitor in by the site and the arrival code they show, or by their visit. */
export async function checkInVisit(by: {site: string; code: string} | {visitId: string}) {
  return jsonResult<{visit: CheckedIn}>(
    await authorized('/api/admin/visits/check-in', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(by),
    }),
  )
}

import {authorized, jsonResult} from './leads-api.ts'

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
}

export type MessageKind =
  'confirmation' | 'acknowledgement' | 'reminder' | 'cancelled' | 'moved' | 'advert' | 'staff-alert'
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

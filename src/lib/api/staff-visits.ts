import {authorized, jsonResult} from './leads.ts'
import type {
  CheckedIn,
  StaffVisit,
  StaffVisitsAnswer,
  WaitlistCount,
} from '#shared/visits/staff-visits.ts'
import type {OutboxText} from '#shared/texts/outbox-list.ts'

export type {CheckedIn, StaffVisit, WaitlistCount}

/** What staff send for a visitor who walks in without a booking. */
export interface WalkInBody {
  site: string
  name: string
  phone: string
  consent: boolean
  consentVersion?: string
}

export async function fetchStaffVisits(site: string, days: number) {
  const params = new URLSearchParams({days: String(days)})
  if (site) params.set('site', site)
  return jsonResult<StaffVisitsAnswer>(await authorized(`/api/admin/visits?${params}`))
}

export async function fetchTexts(to: string) {
  const query = to.trim() ? `?${new URLSearchParams({to: to.trim()})}` : ''
  return jsonResult<{items: OutboxText[]}>(await authorized(`/api/admin/messages${query}`))
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

/**
 * Checks a visitor in by the site and the arrival code they show (with their visit when it
 * was scanned from their QR code), or by their visit.
 */
export async function checkInVisit(
  by: {site: string; code: string; visitId?: string} | {visitId: string},
) {
  return jsonResult<{visit: CheckedIn}>(
    await authorized('/api/admin/visits/check-in', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(by),
    }),
  )
}

/**
 * Registers a visitor without a booking at the desk, checked in at once (`walkIn`), or checks
 * in the booking their number has today (`walkIn: false`). `key` makes a form sent twice one.
 */
export async function registerWalkIn(body: WalkInBody, key: string) {
  return jsonResult<{visit: CheckedIn; walkIn: boolean}>(
    await authorized('/api/admin/visits/walk-in', {
      method: 'POST',
      headers: {'Content-Type': 'application/json', 'Idempotency-Key': key},
      body: JSON.stringify(body),
    }),
  )
}

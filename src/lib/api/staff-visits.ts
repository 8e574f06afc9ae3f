import {authorized, jsonResult, type LeadStage} from './leads.ts'
import type {OutboxText} from '#shared/texts/outbox-list.ts'

/** What staff send for a visitor who walks in without a booking. */
export interface WalkInBody {
  site: string
  name: string
  phone: string
  consent: boolean
  consentVersion?: string
}

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

/** A slot's waiting list: entries waiting, and seats held for an offer (`waitlist`). */
export interface WaitlistCount {
  site: string
  start: string
  waiting: number
  offered: number
}

/** A visitor checked in (`POST /api/admin/visits/check-in`). */
export interface CheckedIn {
  leadId: string
  name: string
  start: string
  arrivedAt: string
}

export async function fetchAdminVisits(site: string, days: number) {
  const params = new URLSearchParams({days: String(days)})
  if (site) params.set('site', site)
  return jsonResult<{items: AdminVisit[]; waitlist?: WaitlistCount[]}>(
    await authorized(`/api/admin/visits?${params}`),
  )
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

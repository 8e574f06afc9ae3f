import type {LeadStage} from '../leads/lead.ts'

/*
 * The answers of the staff's visit endpoints, as the functions build them and the workspace
 * reads them. `start` is the slot's start as the schedule names it (`YYYY-MM-DDTHH:mm`, Seoul).
 */

/** One booking on the staff's schedule (방문 일정, 오늘). */
export interface StaffVisit {
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
  /** The lead's owner; null for a lead nobody owns. */
  owner: string | null
}

/** A slot's waiting list: entries waiting, and seats held for an offer. */
export interface WaitlistCount {
  site: string
  start: string
  waiting: number
  offered: number
}

/** `GET /api/admin/visits`: the visits of the days asked for and their slots' waiting lists. */
export interface StaffVisitsAnswer {
  items: StaffVisit[]
  waitlist: WaitlistCount[]
}

/** A visitor checked in (`POST /api/admin/visits/check-in`, and a walk-in at the desk). */
export interface CheckedIn {
  leadId: string
  receipt: string
  site: string
  name: string
  start: string
  arrivedAt: string
  arrivedBy: string
}

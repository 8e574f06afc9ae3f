import type {FunnelRow} from './funnel.ts'
import type {LeadSource} from './lead.ts'

/** Registrations beside people: each phone counted once per site. */
export interface StatsCount {
  leads: number
  people: number
}

/**
 * What became of the visits of a period (by their slot's Seoul day), from what was recorded
 * at the door and by the waiting list, never from stages set by hand.
 */
export interface VisitOutcomes {
  /** Booked visits whose slot has started (or that are checked in or marked 노쇼 already). */
  due: number
  /** Of those, checked in. */
  arrived: number
  /** Of those, marked 노쇼. */
  noShows: number
  /** Visitors registered at the desk without a booking: arrivals outside the rates. */
  walkIns: number
  /** Waiting-list entries of the period's slots. */
  joined: number
  /** Entries offered a freed seat. */
  offered: number
  /** Offers claimed: booked. */
  claimed: number
}

/** `GET /api/admin/stats`: the dashboard's figures over a range of Seoul dates. */
export interface Stats {
  from: string
  to: string
  totals: StatsCount
  perDay: Array<{date: string} & StatsCount>
  bySource: Array<{source: LeadSource} & StatsCount>
  byUtm: Array<{utmSource: string | null; utmCampaign: string | null} & StatsCount>
  funnel: FunnelRow[]
  /** The booked visits of each of the 14 days from today (days without any as 0). */
  upcomingVisits: Array<{date: string; visits: number}>
  /** The outcomes of the visits whose slots fall in the period: all, per day, per campaign. */
  visits: {
    totals: VisitOutcomes
    perDay: Array<{date: string} & VisitOutcomes>
    byUtm: Array<{utmSource: string | null; utmCampaign: string | null} & VisitOutcomes>
  }
}

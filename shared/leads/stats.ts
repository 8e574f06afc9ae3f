import type {FunnelRow} from './funnel.ts'
import type {LeadSource} from './lead.ts'

/** Registrations beside people: each phone counted once per site. */
export interface StatsCount {
  leads: number
  people: number
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
}

import type {CallToMake} from '#shared/leads/today.ts'
import {authorized, jsonResult} from './leads.ts'
import type {AdminVisit} from './staff-visits.ts'

export type {CallToMake}

/** GET /api/admin/today: the day in Seoul, its visitors by time and the staff member's calls. */
export interface TodayAnswer {
  date: string
  visits: AdminVisit[]
  calls: CallToMake[]
}

/** The day of the signed-in staff member on `site` ('' for all their sites). */
export async function fetchToday(site: string) {
  const query = site ? `?${new URLSearchParams({site})}` : ''
  return jsonResult<TodayAnswer>(await authorized(`/api/admin/today${query}`))
}

import type {CallToMake, TodayAnswer} from '#shared/leads/today.ts'
import {authorized, jsonResult} from './leads.ts'

export type {CallToMake, TodayAnswer}

/** The day of the signed-in staff member on `site` ('' for all their sites). */
export async function fetchToday(site: string) {
  const query = site ? `?${new URLSearchParams({site})}` : ''
  return jsonResult<TodayAnswer>(await authorized(`/api/admin/today${query}`))
}

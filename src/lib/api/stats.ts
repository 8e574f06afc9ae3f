import type {Stats} from '#shared/leads/stats.ts'
import {authorized, jsonResult} from './leads.ts'

/** The dashboard's conditions: a site ('' for all) and a period ('' for the default). */
export interface StatsQuery {
  site: string
  from: string
  to: string
}

/** The dashboard's figures for a site and period (empty conditions left out). */
export async function fetchStats(query: StatsQuery) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value)
  return jsonResult<Stats>(await authorized(`/api/admin/stats?${params}`))
}

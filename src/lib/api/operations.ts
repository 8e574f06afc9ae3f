import type {Health, Incidents} from '#shared/operations/health.ts'
import {authorized, jsonResult} from './leads.ts'

/** The 운영 상태 view's call, and the open incidents every workspace page shows. */

export async function fetchHealth() {
  return jsonResult<Omit<Health, 'ok'>>(await authorized('/api/admin/health'))
}

/** The open incidents; a `background` poll waits for a valid token rather than refresh it. */
export async function fetchIncidents({background = false} = {}) {
  return jsonResult<Omit<Incidents, 'ok'>>(
    await authorized('/api/admin/incidents', {}, {background}),
  )
}

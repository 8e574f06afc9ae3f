import type {DestructionRuns} from '#shared/privacy/destruction-runs.ts'
import {authorized, jsonResult} from './leads.ts'

/** The retention job's latest runs, each with how many of each kind it destroyed. */
export async function fetchDestructionRuns() {
  return jsonResult<Omit<DestructionRuns, 'ok'>>(await authorized('/api/admin/destruction-runs'))
}

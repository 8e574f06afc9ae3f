import type {Config} from '@netlify/functions'
import {healthHandler} from './_shared/operations/health-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/** Counts of the texts, leads and jobs, naming no one: not in the access record. */
export default throughEdgeOnly(healthHandler)

export const config: Config = {path: '/api/admin/health', method: ['GET']}

import type {Config} from '@netlify/functions'
import {incidentsHandler} from './_shared/operations/health-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/** The incidents open now, naming no one: not in the access record. */
export default throughEdgeOnly(incidentsHandler)

export const config: Config = {path: '/api/admin/incidents', method: ['GET']}

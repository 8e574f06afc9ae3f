import type {Config} from '@netlify/functions'
import {leadsZipHandler} from './_shared/leads/export-handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(leadsZipHandler)

export const config: Config = {path: '/api/admin/leads.zip'}

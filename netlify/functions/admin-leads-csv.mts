import type {Config} from '@netlify/functions'
import {leadsCsvHandler} from './_shared/leads/export-handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(leadsCsvHandler)

export const config: Config = {path: '/api/admin/leads.csv'}

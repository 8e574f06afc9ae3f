import type {Config} from '@netlify/functions'
import {leadHandler} from './_shared/leads/admin-handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(leadHandler)

export const config: Config = {path: '/api/admin/leads/:id', method: ['GET', 'PATCH']}

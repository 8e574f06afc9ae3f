import type {Config} from '@netlify/functions'
import {deleteLeadHandler} from './_shared/leads/admin-handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(deleteLeadHandler)

export const config: Config = {path: '/api/admin/leads/:id', method: 'DELETE'}

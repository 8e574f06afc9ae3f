import type {Config} from '@netlify/functions'
import {listLeadsHandler} from './_shared/leads/admin-handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(listLeadsHandler)

export const config: Config = {path: '/api/admin/leads'}

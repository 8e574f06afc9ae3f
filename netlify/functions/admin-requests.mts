import type {Config} from '@netlify/functions'
import {listRequestsHandler} from './_shared/visitor-data/staff-handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(listRequestsHandler)

export const config: Config = {path: '/api/admin/requests'}

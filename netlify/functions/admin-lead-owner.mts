import type {Config} from '@netlify/functions'
import {ownerHandler} from './_shared/leads/owner-handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(ownerHandler)

export const config: Config = {path: '/api/admin/leads/:id/owner', method: ['GET', 'PUT']}

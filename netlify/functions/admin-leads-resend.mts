import type {Config} from '@netlify/functions'
import {resendLeadHandler} from './_shared/leads/admin-handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(resendLeadHandler)

export const config: Config = {path: '/api/admin/leads/:id/resend'}

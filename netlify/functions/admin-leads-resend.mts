import type {Config} from '@netlify/functions'
import {resendLeadHandler} from './_shared/leads/admin-handlers.ts'

export default resendLeadHandler

export const config: Config = {path: '/api/admin/leads/:id/resend'}

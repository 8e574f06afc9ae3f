import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {resendLeadHandler} from './_shared/leads/admin-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({POST: '출력'}, resendLeadHandler))

export const config: Config = {path: '/api/admin/leads/:id/resend'}

import type {Config} from '@netlify/functions'
import {deleteLeadHandler} from './_shared/leads/admin-handlers.ts'

export default deleteLeadHandler

export const config: Config = {path: '/api/admin/leads/:id', method: 'DELETE'}

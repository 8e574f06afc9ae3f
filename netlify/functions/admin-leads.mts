import type {Config} from '@netlify/functions'
import {listLeadsHandler} from './_shared/leads/admin-handlers.ts'

export default listLeadsHandler

export const config: Config = {path: '/api/admin/leads'}

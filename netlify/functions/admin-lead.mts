import type {Config} from '@netlify/functions'
import {leadHandler} from './_shared/leads/admin-handlers.ts'

export default leadHandler

export const config: Config = {path: '/api/admin/leads/:id', method: ['GET', 'PATCH']}

import type {Config} from '@netlify/functions'
import {leadsCsvHandler} from './_shared/leads/admin-handlers.ts'

export default leadsCsvHandler

export const config: Config = {path: '/api/admin/leads.csv'}

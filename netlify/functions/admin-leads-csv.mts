import type {Config} from '@netlify/functions'
import {leadsCsvHandler} from './_shared/leads/admin-handlers.ts'

export default (req: Request) => leadsCsvHandler(req)

export const config: Config = {path: '/api/admin/leads.csv'}

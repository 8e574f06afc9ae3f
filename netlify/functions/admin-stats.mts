import type {Config} from '@netlify/functions'
import {statsHandler} from './_shared/leads/stats.ts'

export default statsHandler

export const config: Config = {path: '/api/admin/stats'}

import type {Config} from '@netlify/functions'
import {statsHandler} from './_shared/leads/stats.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(statsHandler)

export const config: Config = {path: '/api/admin/stats'}

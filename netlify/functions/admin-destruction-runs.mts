import type {Config} from '@netlify/functions'
import {destructionRunsHandler} from './_shared/leads/destruction-runs-handler.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(destructionRunsHandler)

export const config: Config = {path: '/api/admin/destruction-runs'}

import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {statsHandler} from './_shared/leads/stats.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회'}, statsHandler))

export const config: Config = {path: '/api/admin/stats'}

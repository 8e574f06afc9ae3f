import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {listLeadsHandler} from './_shared/leads/admin-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회'}, listLeadsHandler))

export const config: Config = {path: '/api/admin/leads'}

import type {Config} from '@netlify/functions'
import {listRequestsHandler} from './_shared/visitor-data/staff-handlers.ts'
import {recordsAccess} from './_shared/access/recorded.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회'}, listRequestsHandler))

export const config: Config = {path: '/api/admin/requests'}

import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {listVisitsHandler} from './_shared/visits/admin.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회'}, listVisitsHandler))

export const config: Config = {path: '/api/admin/visits'}

import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {deleteLeadHandler} from './_shared/leads/admin-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({DELETE: '삭제'}, deleteLeadHandler))

export const config: Config = {path: '/api/admin/leads/:id', method: 'DELETE'}

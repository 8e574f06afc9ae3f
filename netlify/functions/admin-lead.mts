import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {leadHandler} from './_shared/leads/admin-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회', PATCH: '변경'}, leadHandler))

export const config: Config = {path: '/api/admin/leads/:id', method: ['GET', 'PATCH']}

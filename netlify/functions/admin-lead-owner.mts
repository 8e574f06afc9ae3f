import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {ownerHandler} from './_shared/leads/owner-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회', PUT: '변경'}, ownerHandler))

export const config: Config = {path: '/api/admin/leads/:id/owner', method: ['GET', 'PUT']}

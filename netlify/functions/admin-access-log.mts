import type {Config} from '@netlify/functions'
import {accessLogHandler} from './_shared/access/log.ts'
import {recordsAccess} from './_shared/access/recorded.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회'}, accessLogHandler))

export const config: Config = {path: '/api/admin/access-log', method: ['GET']}

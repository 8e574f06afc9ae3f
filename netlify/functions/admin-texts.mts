import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {listTextsHandler} from './_shared/texts/outbox-list-handler.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회'}, listTextsHandler))

export const config: Config = {path: '/api/admin/messages'}

import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {listMessagesHandler} from './_shared/texts/admin-messages.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회'}, listMessagesHandler))

export const config: Config = {path: '/api/admin/messages'}

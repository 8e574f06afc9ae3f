import type {Config} from '@netlify/functions'
import {listMessagesHandler} from './_shared/texts/admin-messages.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(listMessagesHandler)

export const config: Config = {path: '/api/admin/messages'}

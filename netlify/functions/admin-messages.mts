import type {Config} from '@netlify/functions'
import {listMessagesHandler} from './_shared/texts/admin-messages.ts'

export default listMessagesHandler

export const config: Config = {path: '/api/admin/messages'}

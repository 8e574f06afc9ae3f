import type {Config} from '@netlify/functions'
import {createAnswerHandler} from './_shared/visitor-data/staff-handlers.ts'
import {recordsAccess} from './_shared/access/recorded.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({POST: '변경'}, createAnswerHandler()))

export const config: Config = {path: '/api/admin/requests/:id/answer'}

import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {recordRefusalHandler} from './_shared/texts/refusals.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({POST: '입력'}, recordRefusalHandler))

export const config: Config = {path: '/api/admin/refusals'}

import type {Config} from '@netlify/functions'
import {recordRefusalHandler} from './_shared/texts/refusals.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(recordRefusalHandler)

export const config: Config = {path: '/api/admin/refusals'}

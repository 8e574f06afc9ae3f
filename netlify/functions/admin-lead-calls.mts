import type {Config} from '@netlify/functions'
import {callHandler} from './_shared/leads/calls.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(callHandler)

export const config: Config = {path: '/api/admin/leads/:id/calls', method: ['POST']}

import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {callHandler} from './_shared/leads/calls.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({POST: '변경'}, callHandler))

export const config: Config = {path: '/api/admin/leads/:id/calls', method: ['POST']}

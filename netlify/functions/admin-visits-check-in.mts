import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {checkInHandler} from './_shared/visits/arrival.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({POST: '변경'}, checkInHandler))

export const config: Config = {path: '/api/admin/visits/check-in', method: ['POST']}

import type {Config} from '@netlify/functions'
import {checkInHandler} from './_shared/visits/arrival.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(checkInHandler)

export const config: Config = {path: '/api/admin/visits/check-in', method: ['POST']}

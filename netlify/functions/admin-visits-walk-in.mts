import type {Config} from '@netlify/functions'
import {throughEdgeOnly} from './_shared/visitor.ts'
import {createWalkInHandler} from './_shared/visits/walk-in.ts'

export default throughEdgeOnly(createWalkInHandler())

export const config: Config = {path: '/api/admin/visits/walk-in', method: ['POST']}

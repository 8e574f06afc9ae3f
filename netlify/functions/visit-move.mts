import type {Config} from '@netlify/functions'
import {createMoveHandler} from './_shared/visits/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createMoveHandler())

export const config: Config = {path: '/api/visits/:token/move'}

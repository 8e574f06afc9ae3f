import type {Config} from '@netlify/functions'
import {createCancelHandler} from './_shared/visits/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createCancelHandler())

export const config: Config = {path: '/api/visits/:token/cancel'}

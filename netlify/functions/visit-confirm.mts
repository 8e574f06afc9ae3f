import type {Config} from '@netlify/functions'
import {createConfirmHandler} from './_shared/visits/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createConfirmHandler())

export const config: Config = {path: '/api/visits/:token/confirm'}

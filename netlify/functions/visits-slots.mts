import type {Config} from '@netlify/functions'
import {createSlotsHandler} from './_shared/visits/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createSlotsHandler())

export const config: Config = {path: '/api/visits/slots'}

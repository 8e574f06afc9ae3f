import type {Config} from '@netlify/functions'
import {createVisitHandler} from './_shared/visits/handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(createVisitHandler())

// The slots have their own function at /api/visits/slots.
export const config: Config = {path: '/api/visits/:token', excludedPath: '/api/visits/slots'}

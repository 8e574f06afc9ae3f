import type {Config} from '@netlify/functions'
import {createRequestHandler} from './_shared/visitor-data/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createRequestHandler())

export const config: Config = {path: '/api/visitor/requests'}

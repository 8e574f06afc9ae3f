import type {Config} from '@netlify/functions'
import {createDataHandler} from './_shared/visitor-data/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createDataHandler())

export const config: Config = {path: '/api/visitor/data'}

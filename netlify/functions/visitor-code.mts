import type {Config} from '@netlify/functions'
import {createCodeHandler} from './_shared/visitor-data/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createCodeHandler())

export const config: Config = {path: '/api/visitor/code'}

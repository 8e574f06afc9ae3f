import type {Config} from '@netlify/functions'
import {createEraseHandler} from './_shared/visitor-data/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createEraseHandler())

export const config: Config = {path: '/api/visitor/erase'}

import type {Config} from '@netlify/functions'
import {createNameHandler} from './_shared/visitor-data/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createNameHandler())

export const config: Config = {path: '/api/visitor/name'}

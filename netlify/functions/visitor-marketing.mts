import type {Config} from '@netlify/functions'
import {createMarketingHandler} from './_shared/visitor-data/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createMarketingHandler())

export const config: Config = {path: '/api/visitor/marketing'}

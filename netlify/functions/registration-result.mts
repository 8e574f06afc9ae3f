import type {Config} from '@netlify/functions'
import {createResultPageHandler} from './_shared/leads/result-page.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(createResultPageHandler())

export const config: Config = {path: '/registration/result', method: 'GET'}

import type {Config} from '@netlify/functions'
import {createResultPageHandler} from './_shared/registration/result-page.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createResultPageHandler())

export const config: Config = {path: '/registration/result', method: 'GET'}

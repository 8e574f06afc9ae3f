import type {Config} from '@netlify/functions'
import {createTimePageHandler} from './_shared/visits/time-page.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createTimePageHandler())

export const config: Config = {path: '/registration/time', method: 'GET'}

import type {Config} from '@netlify/functions'
import {createPhoneHandler} from './_shared/visitor-data/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createPhoneHandler())

export const config: Config = {path: '/api/visitor/phone'}

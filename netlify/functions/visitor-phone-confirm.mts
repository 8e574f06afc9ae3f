import type {Config} from '@netlify/functions'
import {createPhoneConfirmHandler} from './_shared/visitor-data/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createPhoneConfirmHandler())

export const config: Config = {path: '/api/visitor/phone/confirm'}

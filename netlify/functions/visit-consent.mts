import type {Config} from '@netlify/functions'
import {createConsentHandler} from './_shared/visits/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createConsentHandler())

export const config: Config = {path: '/api/visits/:token/consent'}

import type {Config} from '@netlify/functions'
import {createWaitlistEntryHandler} from './_shared/visits/waitlist-handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(createWaitlistEntryHandler())

export const config: Config = {path: '/api/visits/waitlist/:token'}

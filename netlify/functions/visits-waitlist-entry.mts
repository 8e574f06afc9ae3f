import type {Config} from '@netlify/functions'
import {createWaitlistEntryHandler} from './_shared/registration/waitlist-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createWaitlistEntryHandler())

export const config: Config = {path: '/api/visits/waitlist/:token'}

import type {Config} from '@netlify/functions'
import {createWaitlistJoinHandler} from './_shared/visits/waitlist-handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(createWaitlistJoinHandler())

export const config: Config = {path: '/api/visits/waitlist'}

import type {Config} from '@netlify/functions'
import {createWaitlistJoinHandler} from './_shared/registration/waitlist-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createWaitlistJoinHandler())

export const config: Config = {path: '/api/visits/waitlist'}

import type {Config} from '@netlify/functions'
import {createWaitlistClaimHandler} from './_shared/registration/waitlist-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createWaitlistClaimHandler())

export const config: Config = {path: '/api/visits/waitlist/:token/claim'}

import type {Config} from '@netlify/functions'
import {createOpenLinkHandler} from './_shared/staff-accounts/invite-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createOpenLinkHandler())

export const config: Config = {path: '/api/invite', method: ['POST']}

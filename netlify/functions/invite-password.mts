import type {Config} from '@netlify/functions'
import {createSetPasswordHandler} from './_shared/staff-accounts/invite-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createSetPasswordHandler())

export const config: Config = {path: '/api/invite/password', method: ['POST']}

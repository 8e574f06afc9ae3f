import type {Config} from '@netlify/functions'
import {createLinkHandler} from './_shared/staff-accounts/handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(createLinkHandler())

export const config: Config = {path: '/api/admin/staff/:email/link', method: ['POST']}

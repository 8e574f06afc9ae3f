import type {Config} from '@netlify/functions'
import {createLinkHandler} from './_shared/staff-accounts/handlers.ts'
import {recordsAccess} from './_shared/access/recorded.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({POST: '변경'}, createLinkHandler()))

export const config: Config = {path: '/api/admin/staff/:email/link', method: ['POST']}

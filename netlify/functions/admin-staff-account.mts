import type {Config} from '@netlify/functions'
import {createAccountHandler} from './_shared/staff-accounts/handlers.ts'
import {recordsAccess} from './_shared/access/recorded.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({PATCH: '변경'}, createAccountHandler()))

export const config: Config = {path: '/api/admin/staff/:email', method: ['PATCH']}

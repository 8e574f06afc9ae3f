import type {Config} from '@netlify/functions'
import {createAccountHandler} from './_shared/staff-accounts/handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(createAccountHandler())

export const config: Config = {path: '/api/admin/staff/:email', method: ['PATCH']}

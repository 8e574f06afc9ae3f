import type {Config} from '@netlify/functions'
import {createStaffHandler} from './_shared/staff-accounts/handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(createStaffHandler())

export const config: Config = {path: '/api/admin/staff', method: ['GET', 'POST']}

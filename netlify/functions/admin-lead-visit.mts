import type {Config} from '@netlify/functions'
import {throughEdgeOnly} from './_shared/visitor.ts'
import {createStaffVisitHandler} from './_shared/visits/staff-visit.ts'

export default throughEdgeOnly(createStaffVisitHandler())

export const config: Config = {path: '/api/admin/leads/:id/visit', method: ['POST']}

import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'
import {createStaffVisitHandler} from './_shared/visits/staff-visit.ts'

export default throughEdgeOnly(recordsAccess({POST: '변경'}, createStaffVisitHandler()))

export const config: Config = {path: '/api/admin/leads/:id/visit', method: ['POST']}

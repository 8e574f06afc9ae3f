import type {Config} from '@netlify/functions'
import {createStaffHandler} from './_shared/staff-accounts/handlers.ts'
import {recordsAccess} from './_shared/access/recorded.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회', POST: '입력'}, createStaffHandler()))

export const config: Config = {path: '/api/admin/staff', method: ['GET', 'POST']}

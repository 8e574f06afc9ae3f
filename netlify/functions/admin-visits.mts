import type {Config} from '@netlify/functions'
import {listVisitsHandler} from './_shared/visits/admin.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(listVisitsHandler)

export const config: Config = {path: '/api/admin/visits'}

import type {Config} from '@netlify/functions'
import {staffNoShowHandler} from './_shared/visits/no-show.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(staffNoShowHandler)

export const config: Config = {path: '/api/admin/visits/no-show', method: ['POST']}

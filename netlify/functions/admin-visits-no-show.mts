import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {staffNoShowHandler} from './_shared/visits/no-show.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({POST: '변경'}, staffNoShowHandler))

export const config: Config = {path: '/api/admin/visits/no-show', method: ['POST']}

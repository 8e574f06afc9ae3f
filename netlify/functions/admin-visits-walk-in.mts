import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'
import {createWalkInHandler} from './_shared/visits/walk-in.ts'

export default throughEdgeOnly(recordsAccess({POST: '입력'}, createWalkInHandler()))

export const config: Config = {path: '/api/admin/visits/walk-in', method: ['POST']}

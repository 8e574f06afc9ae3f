import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {createTodayHandler} from './_shared/visits/today.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회'}, createTodayHandler()))

export const config: Config = {path: '/api/admin/today'}

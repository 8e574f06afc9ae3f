import type {Config} from '@netlify/functions'
import {createTodayHandler} from './_shared/leads/today.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(createTodayHandler())

export const config: Config = {path: '/api/admin/today'}

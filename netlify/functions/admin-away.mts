import type {Config} from '@netlify/functions'
import {awayHandler} from './_shared/leads/owner-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(awayHandler)

export const config: Config = {path: '/api/admin/away', method: ['GET', 'PUT']}

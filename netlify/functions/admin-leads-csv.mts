import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {leadsCsvHandler} from './_shared/leads/export-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '다운로드'}, leadsCsvHandler))

export const config: Config = {path: '/api/admin/leads.csv'}

import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {leadsZipHandler} from './_shared/leads/export-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({POST: '다운로드'}, leadsZipHandler))

export const config: Config = {path: '/api/admin/leads.zip'}

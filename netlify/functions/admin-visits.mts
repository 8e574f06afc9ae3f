import type {Config} from '@netlify/functions'
import {listVisitsHandler} from './_shared/visits/admin.ts'

export default listVisitsHandler

export const config: Config = {path: '/api/admin/visits'}

import type {Config} from '@netlify/functions'
import {recordRefusalHandler} from './_shared/texts/refusals.ts'

export default recordRefusalHandler

export const config: Config = {path: '/api/admin/refusals'}

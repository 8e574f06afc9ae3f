import type {Config} from '@netlify/functions'
import {createCancelHandler} from './_shared/visits/handlers.ts'

export default createCancelHandler()

export const config: Config = {path: '/api/visits/:token/cancel'}

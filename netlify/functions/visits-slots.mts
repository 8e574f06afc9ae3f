import type {Config} from '@netlify/functions'
import {createSlotsHandler} from './_shared/visits/handlers.ts'

export default createSlotsHandler()

export const config: Config = {path: '/api/visits/slots'}

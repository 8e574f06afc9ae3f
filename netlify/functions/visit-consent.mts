import type {Config} from '@netlify/functions'
import {createConsentHandler} from './_shared/visits/handlers.ts'

export default createConsentHandler()

export const config: Config = {path: '/api/visits/:token/consent'}

import type {Config} from '@netlify/functions'
import {createRegisterHandler} from './_shared/leads/register-handler.ts'

export default createRegisterHandler()

export const config: Config = {path: '/api/register'}

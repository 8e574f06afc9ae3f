import type {Config} from '@netlify/functions'
import {createRegisterHandler} from './_shared/leads/register-handler.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(createRegisterHandler())

export const config: Config = {path: '/api/register'}

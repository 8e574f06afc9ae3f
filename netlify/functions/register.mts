import type {Config} from '@netlify/functions'
import {createRegisterHandler} from './_shared/registration/register-handler.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createRegisterHandler())

export const config: Config = {path: '/api/register'}

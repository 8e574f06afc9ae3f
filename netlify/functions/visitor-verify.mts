import type {Config} from '@netlify/functions'
import {createVerifyHandler} from './_shared/visitor-data/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createVerifyHandler())

export const config: Config = {path: '/api/visitor/verify'}

import type {Config} from '@netlify/functions'
import {createMoveHandler} from './_shared/visits/handlers.ts'

export default createMoveHandler()

export const config: Config = {path: '/api/visits/:token/move'}

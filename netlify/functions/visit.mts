import type {Config} from '@netlify/functions'
import {createVisitHandler} from './_shared/visits/handlers.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(createVisitHandler())

// The slots and the waiting list's join have their own functions.
export const config: Config = {
  path: '/api/visits/:token',
  excludedPath: ['/api/visits/slots', '/api/visits/waitlist'],
}

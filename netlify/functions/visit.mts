import type {Config} from '@netlify/functions'
import {createVisitHandler} from './_shared/visits/handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(createVisitHandler())

// A link's token is 43 base64url characters (token.ts): the pattern leaves the words of the
// slots' and the waiting list's own functions (/api/visits/slots, /api/visits/waitlist) to them,
// whichever function the runtime happens to try first.
export const config: Config = {path: '/api/visits/:token([A-Za-z0-9_-]{22,})'}

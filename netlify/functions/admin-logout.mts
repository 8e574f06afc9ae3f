import type {Config} from '@netlify/functions'
import {clearedRefreshCookie, readRefreshToken} from './_shared/auth/refresh-cookie.ts'
import {revokeSession} from './_shared/auth/refresh-sessions.ts'
import {crossSiteRefused, isCrossSite} from './_shared/cross-site.ts'
import {json, methodNotAllowed} from './_shared/http.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

/** Always succeeds: signing out of a session that is already gone is not an error. */
export default throughEdgeOnly(async (req: Request): Promise<Response> => {
  if (isCrossSite(req)) return crossSiteRefused()
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const token = readRefreshToken(req)
  if (token) await revokeSession(token)
  return json({ok: true}, 200, {'Set-Cookie': clearedRefreshCookie()})
})

export const config: Config = {path: '/api/admin/logout'}

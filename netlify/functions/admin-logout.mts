import type {Config, Context} from '@netlify/functions'
import {auditAside} from './_shared/audit.ts'
import {clearedRefreshCookie, readRefreshToken} from './_shared/auth/refresh-cookie.ts'
import {revokeSession} from './_shared/auth/refresh-sessions.ts'
import {refuseCrossSite} from './_shared/gates/cross-site.ts'
import {json, methodNotAllowed} from './_shared/http.ts'
import {throughEdgeOnly, visitorKey} from './_shared/gates/visitor.ts'

/** Always succeeds: signing out of a session that is already gone is not an error. */
export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  const crossSite = await refuseCrossSite(req, context)
  if (crossSite) return crossSite
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const token = readRefreshToken(req)
  const now = Date.now()
  const email = token ? await revokeSession(token, now) : null
  if (email)
    await auditAside({at: now, actor: email, action: 'sign-out', visitor: visitorKey(req, context)})
  return json({ok: true}, 200, {'Set-Cookie': clearedRefreshCookie()})
})

export const config: Config = {path: '/api/admin/logout'}

import type {Config, Context} from '@netlify/functions'
import {isAdmin} from '#shared/auth/admin-users.ts'
import {auditAside} from './_shared/audit.ts'
import {auditStaffRefusal} from './_shared/auth.ts'
import {readRefreshToken} from './_shared/auth/refresh-cookie.ts'
import {revokeSession, rotateSession} from './_shared/auth/refresh-sessions.ts'
import {sessionAnswer, signedOut} from './_shared/auth/session-answer.ts'
import {refuseCrossSite} from './_shared/cross-site.ts'
import {methodNotAllowed} from './_shared/http.ts'
import {throughEdgeOnly, visitorKey} from './_shared/visitor.ts'

export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  const crossSite = await refuseCrossSite(req, context)
  if (crossSite) return crossSite
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const token = readRefreshToken(req)
  if (!token) return signedOut('로그인이 필요합니다.')
  const now = Date.now()
  const rotated = await rotateSession(token, now)
  if (!rotated.ok) {
    // A replayed token (`reused`) has just revoked its whole sign-in.
    const refusal = {actor: rotated.email, reason: `refresh-${rotated.reason}`, now: new Date(now)}
    await auditStaffRefusal(req, context, refusal)
    return signedOut('로그인이 만료되었습니다. 다시 로그인해 주세요.')
  }
  const {email} = rotated.issued
  // An administrator removed from ADMIN_USERS loses the session at the next refresh.
  if (!isAdmin(email)) {
    await revokeSession(rotated.issued.refreshToken, now)
    await auditStaffRefusal(req, context, {actor: email, reason: 'no-account', now: new Date(now)})
    return signedOut('관리자 권한이 없습니다.')
  }
  await auditAside({at: now, actor: email, action: 'refresh', visitor: visitorKey(req, context)})
  return sessionAnswer(rotated.issued, new Date(now))
})

export const config: Config = {path: '/api/admin/refresh'}

import type {Config} from '@netlify/functions'
import {isAdmin} from '#shared/auth/admin-users.ts'
import {readRefreshToken} from './_shared/auth/refresh-cookie.ts'
import {revokeSession, rotateSession} from './_shared/auth/refresh-sessions.ts'
import {sessionAnswer, signedOut} from './_shared/auth/session-answer.ts'
import {crossSiteRefused, isCrossSite} from './_shared/cross-site.ts'
import {methodNotAllowed} from './_shared/http.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

export default throughEdgeOnly(async (req: Request): Promise<Response> => {
  if (isCrossSite(req)) return crossSiteRefused()
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const token = readRefreshToken(req)
  if (!token) return signedOut('로그인이 필요합니다.')
  const now = Date.now()
  const rotated = await rotateSession(token, now)
  if (!rotated.ok) return signedOut('로그인이 만료되었습니다. 다시 로그인해 주세요.')
  // An administrator removed from ADMIN_USERS loses the session at the next refresh.
  if (!isAdmin(rotated.issued.email)) {
    await revokeSession(rotated.issued.refreshToken, now)
    return signedOut('관리자 권한이 없습니다.')
  }
  return sessionAnswer(rotated.issued, new Date(now))
})

export const config: Config = {path: '/api/admin/refresh'}

import type {Config, Context} from '@netlify/functions'
import {auditAside} from './_shared/audit.ts'
import {auditStaffRefusal, ENDED_MESSAGES} from './_shared/gates/signed-in.ts'
import {readRefreshToken} from './_shared/auth/refresh-cookie.ts'
import {rotateSession} from './_shared/auth/refresh-sessions.ts'
import {sessionAnswer, signedOut} from './_shared/auth/session-answer.ts'
import {refuseCrossSite} from './_shared/gates/cross-site.ts'
import {asRecord, isContentType, methodNotAllowed, readJsonBody} from './_shared/http.ts'
import {throughEdgeOnly, visitorKey} from './_shared/gates/visitor.ts'

/**
 * Seconds since the person last worked, as the page counts them (`{"idleS": n}`): the next
 * refresh token then lives the idle limit from that work, not from this call. Without a body
 * (a script), from now.
 */
async function idleForS(req: Request): Promise<number> {
  if (!isContentType(req, 'application/json')) return 0
  const body = await readJsonBody(req, 256)
  const idle = body.ok ? asRecord(body.value)?.idleS : undefined
  return typeof idle === 'number' && Number.isFinite(idle) ? idle : 0
}

export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  const crossSite = await refuseCrossSite(req, context)
  if (crossSite) return crossSite
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const token = readRefreshToken(req)
  if (!token) return signedOut('로그인이 필요합니다.')
  const now = Date.now()
  const rotated = await rotateSession(token, now, {idleForS: await idleForS(req)})
  if (!rotated.ok) {
    // A replayed token (`reused`) has just revoked its whole sign-in.
    const refusal = {actor: rotated.email, reason: `refresh-${rotated.reason}`, now: new Date(now)}
    await auditStaffRefusal(req, context, refusal)
    return signedOut(
      rotated.reason === 'disabled'
        ? ENDED_MESSAGES['account-disabled']
        : '로그인이 만료되었습니다. 다시 로그인해 주세요.',
    )
  }
  const {email} = rotated.issued
  await auditAside({at: now, actor: email, action: 'refresh', visitor: visitorKey(req, context)})
  return sessionAnswer(rotated.issued, new Date(now))
})

export const config: Config = {path: '/api/admin/refresh'}

import type {Context} from '@netlify/functions'
import {noteAccess} from './access/record.ts'
import {auditAside, UNKNOWN_ACTOR} from './audit.ts'
import {fail} from './http.ts'
import {verifyAccessToken, type StaffIdentity} from './auth/access-token.ts'
import {readRefreshToken} from './auth/refresh-cookie.ts'
import {sessionIsLive} from './auth/refresh-sessions.ts'
import {visitorKey} from './visitor.ts'

/*
 * The administrator check of every protected function. Sign-in, refresh and logout live
 * in their own functions; the parts they share are under ./auth/.
 */

function unauthorized(error: string): Response {
  return fail(401, error, undefined, {'WWW-Authenticate': 'Bearer'})
}

/**
 * Logs a staff endpoint's refusal of a request that carried a credential (a token, or the
 * refresh cookie of a signed-in browser): someone tried, and the log says who and from where.
 * The access record of the request names the refusal too.
 */
export async function auditStaffRefusal(
  req: Request,
  context: Pick<Context, 'ip'>,
  {actor = UNKNOWN_ACTOR, reason, now = new Date()}: {actor?: string; reason: string; now?: Date},
): Promise<void> {
  noteAccess(req, {actor, refused: reason})
  await auditAside({
    at: now.getTime(),
    actor,
    action: 'refused',
    visitor: visitorKey(req, context),
    detail: {reason, method: req.method, path: new URL(req.url).pathname},
  })
}

/**
 * The signed-in staff member behind `Authorization: Bearer <access token>` (with the sites
 * they may see), or the 401 (503 without the database) answer to return as is. The token's
 * sign-in is looked up on every request, so a sign-out or a replayed refresh token ends it
 * at once; a removed account or a change of sites holds from the next refresh (ten minutes).
 */
export async function requireAdmin(
  req: Request,
  context: Pick<Context, 'ip'>,
  now: Date = new Date(),
): Promise<StaffIdentity | Response> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')
  if (!match?.[1]) {
    if (readRefreshToken(req)) await auditStaffRefusal(req, context, {reason: 'no-token', now})
    return unauthorized('로그인이 필요합니다.')
  }
  const verified = await verifyAccessToken(match[1], now)
  if (!verified) {
    await auditStaffRefusal(req, context, {reason: 'bad-token', now})
    return unauthorized('로그인이 만료되었거나 올바르지 않습니다. 다시 로그인해 주세요.')
  }
  let live: boolean
  try {
    live = await sessionIsLive(verified.session, now)
  } catch (error) {
    console.error('staff request: database unavailable', error)
    return fail(503, '일시적인 장애로 로그인을 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.')
  }
  if (live) return verified.staff
  await auditStaffRefusal(req, context, {actor: verified.staff.email, reason: 'session-ended', now})
  return unauthorized('로그아웃되었거나 끝난 로그인입니다. 다시 로그인해 주세요.')
}

import type {Context} from '@netlify/functions'
import {noteAccess} from '../access-record.ts'
import {auditAside, UNKNOWN_ACTOR} from '../audit.ts'
import {fail} from '../http.ts'
import {verifyAccessToken, type StaffIdentity} from '../auth/access-token.ts'
import {readRefreshToken} from '../auth/refresh-cookie.ts'
import {sessionStaff, type SessionStaff} from '../auth/refresh-sessions.ts'
import type {SecondFactor} from '#shared/auth/sign-in-result.ts'
import {visitorKey} from './visitor.ts'

/*
 * The administrator check of every protected function. Sign-in, refresh and logout live
 * in their own functions; the parts they share are under ../auth/.
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

/** What a staff request whose sign-in or account has ended is told. */
export const ENDED_MESSAGES = {
  'session-ended': '로그아웃되었거나 끝난 로그인입니다. 다시 로그인해 주세요.',
  'account-disabled': '사용이 중지된 계정입니다. 관리자에게 문의해 주세요.',
} as const

/** A signed-in request: who, the sign-in (admin_sessions.family) and its second factor. */
export interface StaffSignIn {
  staff: StaffIdentity
  session: string
  /** null: the password alone (the sign-in may only pass a second factor or enrol one). */
  factor: SecondFactor | null
}

/**
 * The sign-in behind `Authorization: Bearer <access token>`, whatever second factor it has
 * passed, with the sites its account may see now, or the 401 (503 without the database)
 * answer to return as is. Only the second factor's own endpoints take a sign-in without one;
 * everything else goes through requireStaff. One lookup per request reads the token's
 * sign-in and its account, so a sign-out, a replayed refresh token or a disabled account ends
 * it at once, and a change of role or sites holds from the next request.
 */
export async function requireSignIn(
  req: Request,
  context: Pick<Context, 'ip'>,
  now: Date = new Date(),
): Promise<StaffSignIn | Response> {
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
  let found: SessionStaff
  try {
    found = await sessionStaff(verified.session, now)
  } catch (error) {
    console.error('staff request: database unavailable', error)
    return fail(503, '일시적인 장애로 로그인을 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.')
  }
  if (found.ok) {
    const staff = {email: found.email, sites: found.sites}
    return {staff, session: verified.session, factor: found.factor}
  }
  await auditStaffRefusal(req, context, {actor: verified.email, reason: found.reason, now})
  return unauthorized(ENDED_MESSAGES[found.reason])
}

/** What a sign-in without a second factor is told by every endpoint but the factor's own. */
export const SECOND_FACTOR_NEEDED =
  '2단계 인증(인증 앱, 패스키 또는 복구 코드)을 마쳐야 이용할 수 있습니다.'

/**
 * The signed-in staff member (with the sites they may see) of a sign-in that passed its
 * second factor, or the answer to return as is: 401 as requireSignIn, 403 for a sign-in with
 * the password alone, which reads no personal data.
 */
export async function requireStaff(
  req: Request,
  context: Pick<Context, 'ip'>,
  now: Date = new Date(),
): Promise<StaffIdentity | Response> {
  const signIn = await requireSignIn(req, context, now)
  if (signIn instanceof Response) return signIn
  if (signIn.factor) return signIn.staff
  await auditStaffRefusal(req, context, {actor: signIn.staff.email, reason: 'second-factor', now})
  return fail(403, SECOND_FACTOR_NEEDED)
}

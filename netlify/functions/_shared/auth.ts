import {fail} from './http.ts'
import {verifyAccessToken, type StaffIdentity} from './auth/access-token.ts'

/*
 * The administrator check of every protected function. Sign-in, refresh and logout live
 * in their own functions; the parts they share are under ./auth/.
 */

function unauthorized(error: string): Response {
  return fail(401, error, undefined, {'WWW-Authenticate': 'Bearer'})
}

/**
 * The signed-in staff member behind `Authorization: Bearer <access token>` (with the sites
 * they may see), or the 401 answer to return as is. Tokens are short-lived, so a sign-out, a
 * removed account or a change of sites holds within ten minutes without a lookup here.
 */
export async function requireAdmin(
  req: Request,
  now: Date = new Date(),
): Promise<StaffIdentity | Response> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')
  if (!match?.[1]) return unauthorized('로그인이 필요합니다.')
  const identity = await verifyAccessToken(match[1], now)
  return identity
    ? identity
    : unauthorized('로그인이 만료되었거나 올바르지 않습니다. 다시 로그인해 주세요.')
}

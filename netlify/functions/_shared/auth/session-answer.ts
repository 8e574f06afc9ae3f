import {fail, json} from '../http.ts'
import {accessTokenTtlS, signAccessToken} from './access-token.ts'
import {idleLimitS} from './idle-limit.ts'
import {clearedRefreshCookie, refreshCookie} from './refresh-cookie.ts'
import type {IssuedRefreshToken} from './refresh-sessions.ts'
import {enrolledFactors} from './second-factor.ts'

/**
 * The answer of a sign-in and of a refresh: a fresh access token in the body, the next
 * refresh token in the cookie. `expiresIn` lets the browser time its refresh on its own
 * clock even when that clock is off. `sites` (the account's now; null: all) tells the staff
 * page which sites to offer, and `idleLimitS` when to warn and sign out for want of work.
 * `factor` is the second factor the sign-in passed (null: none yet) and `enrolled` what the
 * account has, so the page asks for the second factor, or for its enrolment, before anything
 * else.
 */
export async function sessionAnswer(issued: IssuedRefreshToken, now: Date): Promise<Response> {
  const ttlS = accessTokenTtlS(issued.maxAgeS)
  const {accessToken, expiresAt} = await signAccessToken(
    issued.email,
    issued.session,
    now,
    process.env,
    ttlS,
  )
  return json(
    {
      ok: true,
      accessToken,
      expiresAt: expiresAt.toISOString(),
      expiresIn: ttlS,
      email: issued.email,
      sites: issued.sites,
      idleLimitS: idleLimitS(),
      factor: issued.factor,
      enrolled: await enrolledFactors(issued.email),
    },
    200,
    {'Set-Cookie': refreshCookie(issued.refreshToken, issued.maxAgeS)},
  )
}

/** A 401 that also drops the refresh cookie, so the browser stops presenting a dead token. */
export function signedOut(error: string): Response {
  return fail(401, error, undefined, {'Set-Cookie': clearedRefreshCookie()})
}

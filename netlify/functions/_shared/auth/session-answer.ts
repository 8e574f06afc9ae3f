import {staffSites} from '#shared/auth/admin-users.ts'
import {fail, json} from '../http.ts'
import {ACCESS_TOKEN_TTL_S, signAccessToken} from './access-token.ts'
import {clearedRefreshCookie, refreshCookie} from './refresh-cookie.ts'
import type {IssuedRefreshToken} from './refresh-sessions.ts'
import {enrolledFactors} from './second-factor.ts'

/**
 * The answer of a sign-in and of a refresh: a fresh access token in the body, the next
 * refresh token in the cookie. `expiresIn` lets the browser time its refresh on its own
 * clock even when that clock is off. The token carries the sites ADMIN_USERS gives the
 * account now, so a change of a counsellor's sites holds from their next refresh; `sites`
 * tells the staff page which sites to offer (null: all). `factor` is the second factor the
 * sign-in passed (null: none yet) and `enrolled` what the account has, so the page asks for
 * the second factor, or for its enrolment, before anything else.
 */
export async function sessionAnswer(issued: IssuedRefreshToken, now: Date): Promise<Response> {
  // An e-mail that is no account (it cannot get here) sees nothing rather than everything.
  const known = staffSites(issued.email)
  const sites = known === undefined ? [] : known
  const {accessToken, expiresAt} = await signAccessToken(
    issued.email,
    issued.session,
    now,
    process.env,
    sites,
  )
  return json(
    {
      ok: true,
      accessToken,
      expiresAt: expiresAt.toISOString(),
      expiresIn: ACCESS_TOKEN_TTL_S,
      email: issued.email,
      sites,
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

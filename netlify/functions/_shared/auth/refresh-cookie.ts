/*
 * The refresh token travels only in this cookie: httpOnly (page scripts never see it),
 * Secure, SameSite=Strict (no other site can make the browser send it) and scoped to
 * the admin endpoints. Browsers accept Secure cookies on http://localhost, so the local
 * stack behaves like production.
 */

export const REFRESH_COOKIE = 'admin_refresh'
const COOKIE_PATH = '/api/admin'

export function refreshCookie(token: string, maxAgeS: number): string {
  return (
    `${REFRESH_COOKIE}=${token}; Max-Age=${Math.max(0, Math.floor(maxAgeS))}` +
    `; Path=${COOKIE_PATH}; HttpOnly; Secure; SameSite=Strict`
  )
}

export function clearedRefreshCookie(): string {
  return refreshCookie('', 0)
}

/** The refresh token the request carries, or null. */
export function readRefreshToken(req: Request): string | null {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === REFRESH_COOKIE) {
      const value = part.slice(eq + 1).trim()
      return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null
    }
  }
  return null
}

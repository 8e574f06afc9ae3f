import {vi} from 'vitest'
import {signAccessToken} from '#netlify/functions/_shared/auth/access-token.ts'
import {startSession} from '#netlify/functions/_shared/auth/refresh-sessions.ts'
import {hashPassword} from '#shared/auth/password.ts'

/*
 * Administrator credentials for function tests. Everything goes through vi.stubEnv, so
 * `vi.unstubAllEnvs()` (or `unstubEnvs: true` in the config) puts the environment back.
 */

export const TEST_AUTH_SECRET = 'test-auth-secret-of-at-least-32-characters'
export const TEST_ADMIN_EMAIL = 'admin@example.com'
export const TEST_ADMIN_PASSWORD = '올바른-비밀번호-123'

function ensureAuthSecret(): void {
  if ((process.env.AUTH_SECRET ?? '').length < 32) vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
}

/**
 * A valid access token, as a sign-in would issue it (for `Authorization: Bearer ...`), of a
 * sign-in started in the test database (which the test must have). Sets AUTH_SECRET to a
 * test secret when none is set. `now` backdates or postdates it; `sites` makes it a
 * counsellor's token for those sites (none: an administrator's).
 */
export async function mintAdminToken(
  email = TEST_ADMIN_EMAIL,
  now = new Date(),
  sites: string[] | null = null,
): Promise<string> {
  ensureAuthSecret()
  const {session} = await startSession(email, now.getTime())
  return (await signAccessToken(email, session, now, process.env, sites)).accessToken
}

/**
 * Sets AUTH_SECRET and an ADMIN_USERS holding TEST_ADMIN_EMAIL / TEST_ADMIN_PASSWORD,
 * hashed with a low scrypt cost so that sign-in tests stay fast.
 */
export async function stubTestAdmin(): Promise<{email: string; password: string}> {
  ensureAuthSecret()
  vi.stubEnv(
    'ADMIN_USERS',
    `${TEST_ADMIN_EMAIL}:${await hashPassword(TEST_ADMIN_PASSWORD, {N: 1024, r: 8, p: 1})}`,
  )
  return {email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD}
}

/** The context a staff endpoint gets from the platform (the address is one of TEST-NET-1). */
export const TEST_STAFF_CONTEXT = {ip: '192.0.2.80'}

import {vi} from 'vitest'
import {signAccessToken} from '#netlify/functions/_shared/auth/access-token.ts'
import {startSession} from '#netlify/functions/_shared/auth/refresh-sessions.ts'
import {sql} from '#netlify/functions/_shared/database.ts'
import {hashPassword, unmatchableHash} from '#netlify/functions/_shared/auth/password.ts'
import type {SecondFactor} from '#shared/auth/sign-in-result.ts'
import {totpCode} from '#shared/auth/totp.ts'

/*
 * Administrator credentials for function tests. Everything goes through vi.stubEnv, so
 * `vi.unstubAllEnvs()` (or `unstubEnvs: true` in the config) puts the environment back.
 */

export const TEST_AUTH_SECRET = 'test-auth-secret-of-at-least-32-characters'
export const TEST_ADMIN_EMAIL = 'admin@example.com'
export const TEST_ADMIN_PASSWORD = '올바른-비밀번호-123'
/** The test administrator's authenticator-app secret (ADMIN_TOTP_SECRET). */
export const TEST_TOTP_SECRET = 'KRSXG5CUIVJVIU3FMNZGK5CUIVJVIU3F'

function ensureAuthSecret(): void {
  if ((process.env.AUTH_SECRET ?? '').length < 32) vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
}

/** Low-cost scrypt, so that the tests' passwords check in milliseconds. */
export const TEST_SCRYPT = {N: 1024, r: 8, p: 1}

/**
 * Makes `email` a staff account in the test database, as an administrator (sites null) or a
 * counsellor of `sites`, or gives an existing one that access. Without a password it is one
 * no password opens (a token is minted for it instead).
 */
export async function putTestAccount(
  email: string,
  sites: string[] | null = null,
  passwordHash = unmatchableHash(TEST_SCRYPT),
): Promise<void> {
  const role = sites === null ? 'administrator' : 'counsellor'
  const now = new Date()
  await sql()`
    INSERT INTO staff_accounts (email, role, sites, password_hash, created_at, updated_at)
    VALUES (${email}, ${role}, ${sites ?? []}::text[], ${passwordHash}, ${now}, ${now})
    ON CONFLICT (email) DO UPDATE SET role = excluded.role, sites = excluded.sites`
}

/**
 * A valid access token, as a sign-in would issue it (for `Authorization: Bearer ...`), of a
 * sign-in started in the test database (which the test must have), for an account with the
 * access given (`sites`: a counsellor's; none: an administrator's), made or changed to it
 * first. Sets AUTH_SECRET to a test secret when none is set. `now` backdates or postdates it;
 * `factor` is the second factor its sign-in passed (null: the password alone).
 */
export async function mintAdminToken(
  email = TEST_ADMIN_EMAIL,
  now = new Date(),
  sites: string[] | null = null,
  factor: SecondFactor | null = 'totp',
): Promise<string> {
  ensureAuthSecret()
  await putTestAccount(email, sites)
  const issued = await startSession(email, now.getTime(), factor)
  if (!issued) throw new Error(`${email} cannot sign in`)
  return (await signAccessToken(email, issued.session, now)).accessToken
}

/**
 * Sets AUTH_SECRET, an ADMIN_USERS holding TEST_ADMIN_EMAIL / TEST_ADMIN_PASSWORD (hashed
 * with a low scrypt cost so that sign-in tests stay fast) and ADMIN_TOTP_SECRET, the
 * administrator's second factor.
 */
export async function stubTestAdmin(): Promise<{email: string; password: string}> {
  ensureAuthSecret()
  vi.stubEnv(
    'ADMIN_USERS',
    `${TEST_ADMIN_EMAIL}:${await hashPassword(TEST_ADMIN_PASSWORD, TEST_SCRYPT)}`,
  )
  vi.stubEnv('ADMIN_TOTP_SECRET', TEST_TOTP_SECRET)
  return {email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD}
}

/**
 * The test administrator's app code at `at`. A code signs in once: a test that signs in
 * again within 30 seconds takes the next step's code (`at` 30 s on; the window allows one).
 */
export const testTotpCode = (at: number = Date.now()): string => totpCode(TEST_TOTP_SECRET, at)

/** The context a staff endpoint gets from the platform (the address is one of TEST-NET-1). */
export const TEST_STAFF_CONTEXT = {ip: '192.0.2.80'}

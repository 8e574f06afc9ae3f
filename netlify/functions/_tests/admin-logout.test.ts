import type {Context} from '@netlify/functions'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {stubTestAdmin, TEST_STAFF_CONTEXT, testTotpCode} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {requireStaff} from '../_shared/gates/signed-in.ts'
import {sql} from '../_shared/database.ts'
import login from '../admin-login.mts'
import logout from '../admin-logout.mts'
import refresh from '../admin-refresh.mts'

withTestDatabase()
afterEach(() => {
  vi.unstubAllEnvs()
})

function cookieOf(res: Response): string {
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}

function post(
  handler: (req: Request, context: Context) => Promise<Response>,
  path: string,
  cookie?: string,
): Promise<Response> {
  return handler(
    new Request(`http://localhost${path}`, {method: 'POST', headers: cookie ? {cookie} : {}}),
    TEST_STAFF_CONTEXT as Context,
  )
}

describe('POST /api/admin/logout', () => {
  it('revokes the session, including tokens rotated from it, and drops the cookie', async () => {
    const {email, password} = await stubTestAdmin()
    const signedIn = await login(
      new Request('http://localhost/api/admin/login', {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({email, password, code: testTotpCode()}),
      }),
      {
        ip: '192.0.2.60',
      } as Context,
    )
    const first = cookieOf(signedIn)
    const refreshed = await post(refresh, '/api/admin/refresh', first)
    const rotated = cookieOf(refreshed)
    const {accessToken} = (await refreshed.json()) as {accessToken: string}
    const staffRequest = () =>
      requireStaff(
        new Request('http://localhost/api/admin/stats', {
          headers: {Authorization: `Bearer ${accessToken}`},
        }),
        TEST_STAFF_CONTEXT,
      )
    expect(await staffRequest()).toEqual({email, sites: null})

    const res = await post(logout, '/api/admin/logout', rotated)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ok: true})
    expect(res.headers.get('set-cookie')).toBe(
      'admin_refresh=; Max-Age=0; Path=/api/admin; HttpOnly; Secure; SameSite=Strict',
    )
    expect((await post(refresh, '/api/admin/refresh', rotated)).status).toBe(401)
    // The access token of the session ends with it, not ten minutes later.
    const refused = await staffRequest()
    expect(refused).toBeInstanceOf(Response)
    expect((refused as Response).status).toBe(401)
    // Each step is in the audit log, the refused ones with why.
    expect(
      await sql()`SELECT actor, action, detail->>'reason' AS reason FROM audit_log ORDER BY id`,
    ).toEqual([
      {actor: email, action: 'sign-in', reason: null},
      {actor: email, action: 'refresh', reason: null},
      {actor: email, action: 'sign-out', reason: null},
      {actor: email, action: 'refused', reason: 'refresh-revoked'},
      {actor: email, action: 'refused', reason: 'session-ended'},
    ])
  })

  it('succeeds without a session too', async () => {
    const res = await post(logout, '/api/admin/logout')
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0')
    expect(
      (
        await logout(
          new Request('http://localhost/api/admin/logout'),
          TEST_STAFF_CONTEXT as Context,
        )
      ).status,
    ).toBe(405)
    // No sign-in was ended: nothing to log.
    expect(await sql()`SELECT action FROM audit_log`).toEqual([])
  })
})

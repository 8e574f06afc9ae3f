import type {Context} from '@netlify/functions'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {stubTestAdmin} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
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
  handler: (req: Request) => Promise<Response>,
  path: string,
  cookie?: string,
): Promise<Response> {
  return handler(
    new Request(`http://localhost${path}`, {method: 'POST', headers: cookie ? {cookie} : {}}),
  )
}

describe('POST /api/admin/logout', () => {
  it('revokes the session, including tokens rotated from it, and drops the cookie', async () => {
    const {email, password} = await stubTestAdmin()
    const signedIn = await login(
      new Request('http://localhost/api/admin/login', {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({email, password}),
      }),
      {
        ip: '192.0.2.60',
      } as Context,
    )
    const first = cookieOf(signedIn)
    const rotated = cookieOf(await post(refresh, '/api/admin/refresh', first))

    const res = await post(logout, '/api/admin/logout', rotated)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ok: true})
    expect(res.headers.get('set-cookie')).toBe(
      'admin_refresh=; Max-Age=0; Path=/api/admin; HttpOnly; Secure; SameSite=Strict',
    )
    expect((await post(refresh, '/api/admin/refresh', rotated)).status).toBe(401)
  })

  it('succeeds without a session too', async () => {
    const res = await post(logout, '/api/admin/logout')
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0')
    expect((await logout(new Request('http://localhost/api/admin/logout'))).status).toBe(405)
  })
})

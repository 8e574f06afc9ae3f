import type {Context} from '@netlify/functions'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {stubTestAdmin, TEST_STAFF_CONTEXT, testTotpCode} from '#tests/helpers/admin-token.ts'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import {requireStaff} from '../_shared/gates/signed-in.ts'
import {sql} from '../_shared/database.ts'
import login from '../admin-login.mts'
import refresh from '../admin-refresh.mts'

beforeEach(async () => {
  await stubTestAdmin()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
})

/** `name=value` of the Set-Cookie answer, as the browser would send it back. */
function cookieOf(res: Response): string {
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}

/**
 * Signs the administrator in with its app's code; a second sign-in of a test takes the code
 * of the next step (`codeAt` 30 s on), as a code signs in once.
 */
async function signInAnswer(codeAt = Date.now()): Promise<Response> {
  const {email, password} = await stubTestAdmin()
  const res = await login(
    new Request('http://localhost/api/admin/login', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({email, password, code: testTotpCode(codeAt)}),
    }),
    {
      ip: '192.0.2.50',
    } as Context,
  )
  expect(res.status).toBe(200)
  return res
}

const signIn = async (codeAt?: number): Promise<string> => cookieOf(await signInAnswer(codeAt))

/** A refresh as the page sends it, with the seconds since the last work when given. */
function refreshWith(cookie?: string, body?: {idleS: number}): Promise<Response> {
  return refresh(
    new Request('http://localhost/api/admin/refresh', {
      method: 'POST',
      headers: {
        ...(cookie ? {cookie: `theme=dark; ${cookie}`} : {}),
        ...(body ? {'content-type': 'application/json'} : {}),
      },
      ...(body ? {body: JSON.stringify(body)} : {}),
    }),
    TEST_STAFF_CONTEXT as Context,
  )
}

describe('POST /api/admin/refresh', () => {
  withTestDatabase()
  it('rotates the refresh cookie on every refresh and answers a working access token', async () => {
    const first = await signIn()
    const res = await refreshWith(first)
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      ok: boolean
      accessToken: string
      email: string
      expiresAt: string
    }
    expect(body).toMatchObject({ok: true, email: 'admin@example.com'})
    const authorized = new Request('http://localhost/api/press', {
      headers: {Authorization: `Bearer ${body.accessToken}`},
    })
    expect(await requireStaff(authorized, TEST_STAFF_CONTEXT)).toEqual({
      email: 'admin@example.com',
      sites: null,
    })
    const second = cookieOf(res)
    expect(second).toMatch(/^admin_refresh=[\w-]{43}$/)
    expect(second).not.toBe(first)
    expect(res.headers.get('set-cookie')).toContain('HttpOnly; Secure; SameSite=Strict')
    const third = await refreshWith(second)
    expect(third.status).toBe(200)
    expect(cookieOf(third)).not.toBe(second)
  })

  it('revokes the whole session when a rotated token is presented again', async () => {
    const first = await signIn()
    const refreshed = await refreshWith(first)
    const second = cookieOf(refreshed)
    const {accessToken} = (await refreshed.json()) as {accessToken: string}
    const staffRequest = async () =>
      requireStaff(
        new Request('http://localhost/api/admin/stats', {
          headers: {Authorization: `Bearer ${accessToken}`},
        }),
        TEST_STAFF_CONTEXT,
      )
    expect(await staffRequest()).toEqual({email: 'admin@example.com', sites: null})
    const reused = await refreshWith(first)
    expect(reused.status).toBe(401)
    expect(reused.headers.get('set-cookie')).toContain('admin_refresh=; Max-Age=0')
    // The legitimate holder of the newest token is signed out too, its access token at once.
    expect((await refreshWith(second)).status).toBe(401)
    expect(((await staffRequest()) as Response).status).toBe(401)
    expect(
      await sql()`SELECT action, detail->>'reason' AS reason FROM audit_log
        WHERE action <> 'sign-in' ORDER BY id`,
    ).toEqual([
      {action: 'refresh', reason: null},
      {action: 'refused', reason: 'refresh-reused'},
      {action: 'refused', reason: 'refresh-revoked'},
      {action: 'refused', reason: 'session-ended'},
    ])
    // Another sign-in is unaffected.
    expect((await refreshWith(await signIn(Date.now() + 30_000))).status).toBe(200)
  })

  it('answers 401 in Korean without a cookie or with an unknown one', async () => {
    const none = await refreshWith()
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ok: false, error: '로그인이 필요합니다.'})
    const unknown = await refreshWith(`admin_refresh=${'A'.repeat(43)}`)
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toEqual({
      ok: false,
      error: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
    })
  })

  it('ends a sign-in nobody works in: the refresh cookie lives 30 minutes from the last work', async () => {
    vi.useFakeTimers({toFake: ['Date']})
    const start = new Date('2026-07-01T00:00:00Z').getTime()
    const minute = 60_000
    vi.setSystemTime(start)
    const login = await signInAnswer()
    expect(login.headers.get('set-cookie')).toContain('; Max-Age=1800;')
    expect(await login.json()).toMatchObject({idleLimitS: 1800, expiresIn: 600})
    vi.setSystemTime(start + 30 * minute + 1000)
    expect((await refreshWith(cookieOf(login))).status).toBe(401)

    // Worked in: each refresh gives the next 30 minutes, counted from the page's last work.
    vi.setSystemTime(start)
    let cookie = await signIn(start + 30_000)
    vi.setSystemTime(start + 29 * minute)
    const worked = await refreshWith(cookie)
    expect(worked.status).toBe(200)
    expect(worked.headers.get('set-cookie')).toContain('; Max-Age=1800;')
    vi.setSystemTime(start + 50 * minute)
    const idle = await refreshWith(cookieOf(worked), {idleS: 600})
    expect(idle.headers.get('set-cookie')).toContain('; Max-Age=1200;')
    cookie = cookieOf(idle)
    vi.setSystemTime(start + 70 * minute + 1000)
    expect((await refreshWith(cookie)).status).toBe(401)
  })

  it('follows STAFF_IDLE_MINUTES, and ends any sign-in at its 30 days', async () => {
    vi.stubEnv('STAFF_IDLE_MINUTES', '10')
    vi.useFakeTimers({toFake: ['Date']})
    const start = new Date('2026-07-01T00:00:00Z').getTime()
    vi.setSystemTime(start)
    const login = await signInAnswer()
    expect(login.headers.get('set-cookie')).toContain('; Max-Age=600;')
    expect(await login.json()).toMatchObject({idleLimitS: 600})
    // A sign-in whose 30 days end in 15 minutes: the next token ends with it.
    await sql()`UPDATE admin_sessions SET expires_at = ${new Date(start + 15 * 60_000)}`
    vi.setSystemTime(start + 9 * 60_000)
    const last = await refreshWith(cookieOf(login))
    expect(last.headers.get('set-cookie')).toContain('; Max-Age=360;')
    vi.setSystemTime(start + 15 * 60_000)
    expect((await refreshWith(cookieOf(last))).status).toBe(401)
  })

  it('refuses the refresh of a disabled account in Korean, and logs it', async () => {
    const cookie = await signIn()
    // Disabled by a statement that did not see this sign-in (it started at the same moment).
    await sql()`UPDATE staff_accounts SET disabled_at = now()`
    const res = await refreshWith(cookie)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      ok: false,
      error: '사용이 중지된 계정입니다. 관리자에게 문의해 주세요.',
    })
    expect(res.headers.get('set-cookie')).toContain('admin_refresh=; Max-Age=0')
    expect(
      await sql()`SELECT actor, detail->>'reason' AS reason FROM audit_log WHERE action = 'refused'`,
    ).toEqual([{actor: 'admin@example.com', reason: 'refresh-disabled'}])
  })
})

forEachDatabase('POST /api/admin/refresh, the same token at once', () => {
  it(
    'never lets one token yield two live sessions, ' + 'even when presented ten times at once',
    async () => {
      const token = await signIn()
      const answers = await Promise.all(Array.from({length: 10}, () => refreshWith(token)))
      expect(answers.filter((res) => res.status === 200).length).toBeLessThanOrEqual(1)
      for (const res of answers.filter((answer) => answer.status === 200)) {
        expect((await refreshWith(cookieOf(res))).status).toBe(401)
      }
    },
  )
})

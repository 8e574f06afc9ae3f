import type {Context} from '@netlify/functions'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {stubTestAdmin, TEST_STAFF_CONTEXT, testTotpCode} from '#tests/helpers/admin-token.ts'
import {totpCode} from '#shared/auth/totp.ts'
import {enrolTotp} from '../_shared/auth/totp-factor.ts'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import {requireStaff} from '../_shared/gates/signed-in.ts'
import login from '../admin-login.mts'

let admin: {email: string; password: string}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
})

function signIn(body: unknown, ip = '203.0.113.1', init: RequestInit = {}): Promise<Response> {
  const req = new Request('http://localhost/api/admin/login', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify(body),
    ...init,
  })
  return login(req, {ip} as Context)
}

describe('POST /api/admin/login', () => {
  withTestDatabase()
  beforeEach(async () => {
    admin = await stubTestAdmin()
  })

  it(
    'signs in with the right password and code: access token ' +
      'in the body, refresh token in a strict cookie',
    async () => {
      const started = Date.now()
      const res = await signIn({
        email: ' Admin@Example.com',
        password: admin.password,
        code: testTotpCode(),
      })
      const answered = Date.now()
      expect(res.status).toBe(200)
      const body = (await res.json()) as {
        ok: boolean
        accessToken: string
        expiresAt: string
        expiresIn: number
        email: string
      }
      expect(body).toMatchObject({
        ok: true,
        email: admin.email,
        expiresIn: 600,
        factor: 'totp',
        enrolled: {totp: true, passkeys: 0, recoveryCodes: 0},
      })
      expect(Date.parse(body.expiresAt) - started).toBeGreaterThan(590_000)
      expect(Date.parse(body.expiresAt) - answered).toBeLessThanOrEqual(600_000)
      const authorized = new Request('http://localhost/api/press', {
        headers: {Authorization: `Bearer ${body.accessToken}`},
      })
      expect(await requireStaff(authorized, TEST_STAFF_CONTEXT)).toEqual({
        email: admin.email,
        sites: null,
      })
      const cookie = res.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(/^admin_refresh=[\w-]{43};/)
      for (const attribute of [
        'HttpOnly',
        'Secure',
        'SameSite=Strict',
        'Path=/api/admin',
        // The idle limit: a sign-in nobody works in ends after 30 minutes.
        'Max-Age=1800',
      ]) {
        expect(cookie).toContain(attribute)
      }
      expect(res.headers.get('cache-control')).toBe('no-store')
    },
  )

  it('gives a counsellor a token for the sites ADMIN_USERS lists', async () => {
    vi.stubEnv('ADMIN_USERS', `${process.env.ADMIN_USERS}:busan|daegu`)
    // A counsellor's app is their own (ADMIN_TOTP_SECRET is the administrators').
    const secret = 'ONSWG4TFORZWK3DFMN2XEZLTMVRXEZLT'
    const before = Date.now() - 60_000
    await enrolTotp(admin.email, secret, totpCode(secret, before), before)
    const res = await signIn({email: admin.email, password: admin.password, code: totpCode(secret)})
    const body = (await res.json()) as {accessToken: string; sites: string[] | null}
    expect(body.sites).toEqual(['busan', 'daegu'])
    const authorized = new Request('http://localhost/api/admin/leads', {
      headers: {Authorization: `Bearer ${body.accessToken}`},
    })
    expect(await requireStaff(authorized, TEST_STAFF_CONTEXT)).toEqual({
      email: admin.email,
      sites: ['busan', 'daegu'],
    })
  })

  it('gives the same Korean 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await signIn({email: admin.email, password: 'wrong-password'}, '203.0.113.2')
    const unknown = await signIn(
      {email: 'nobody@example.com', password: admin.password},
      '203.0.113.2',
    )
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    const error = {ok: false, error: '이메일 또는 비밀번호가 올바르지 않습니다.'}
    expect(await wrong.json()).toEqual(error)
    expect(await unknown.json()).toEqual(error)
    expect(wrong.headers.get('set-cookie')).toBeNull()
    expect(unknown.headers.get('set-cookie')).toBeNull()
  })

  it(
    'answers 400 for missing fields, 415 for another ' +
      'format, 413 for a large body, 405 for GET',
    async () => {
      const missing = await signIn({email: '', password: ''}, '203.0.113.3')
      expect(missing.status).toBe(400)
      expect(await missing.json()).toEqual({
        ok: false,
        error: '이메일과 비밀번호를 입력해 주세요.',
        fields: {email: '이메일을 입력해 주세요.', password: '비밀번호를 입력해 주세요.'},
      })
      const form = await signIn(null, '203.0.113.3', {
        headers: {'content-type': 'application/x-www-form-urlencoded'},
        body: 'email=a',
      })
      expect(form.status).toBe(415)
      expect(
        (await signIn({email: admin.email, password: 'x'.repeat(2000)}, '203.0.113.3')).status,
      ).toBe(413)
      const get = await login(new Request('http://localhost/api/admin/login'), {
        ip: '203.0.113.3',
      } as Context)
      expect(get.status).toBe(405)
    },
  )

  it(
    'locks an e-mail for one visitor for 15 minutes ' +
      'after five failures, even for the right password',
    async () => {
      vi.useFakeTimers({toFake: ['Date']})
      const start = new Date('2026-05-01T10:00:00Z').getTime()
      const ip = '198.51.100.7'
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        vi.setSystemTime(start + i * 3 * 60_000)
        statuses.push((await signIn({email: admin.email, password: `guess-${i}`}, ip)).status)
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429])

      vi.setSystemTime(start + 12 * 60_000 + 1000)
      const locked = await signIn({email: admin.email, password: admin.password}, ip)
      expect(locked.status).toBe(429)
      expect(locked.headers.get('retry-after')).toBe('899')
      expect(((await locked.json()) as {error: string}).error).toBe(
        '로그인에 여러 번 실패하여 잠시 잠겼습니다. 15분 후에 다시 시도해 주세요.',
      )

      // Another visitor, and another e-mail from the same visitor, are not locked.
      expect(
        (await signIn({email: admin.email, password: admin.password}, '198.51.100.8')).status,
      ).toBe(200)
      expect((await signIn({email: 'other@example.com', password: 'x'}, ip)).status).toBe(401)

      vi.setSystemTime(start + 27 * 60_000 + 2000)
      expect((await signIn({email: admin.email, password: admin.password}, ip)).status).toBe(200)
    },
  )

  it('counts failures in a sliding 15-minute window and forgets them after a success', async () => {
    vi.useFakeTimers({toFake: ['Date']})
    const start = new Date('2026-06-01T10:00:00Z').getTime()
    const failAt = async (minute: number, ip: string): Promise<number> => {
      vi.setSystemTime(start + minute * 60_000)
      return (await signIn({email: admin.email, password: 'nope'}, ip)).status
    }
    const statuses = async (minutes: number[], ip: string): Promise<number[]> => {
      const result: number[] = []
      for (const minute of minutes) result.push(await failAt(minute, ip))
      return result
    }
    // Not a fixed quarter hour: four failures late in one and one early in the next lock.
    expect(await statuses([10, 11, 12, 13, 16], '198.51.100.9')).toEqual([401, 401, 401, 401, 429])
    // Failures 15 minutes old no longer count: at minute 17 only the one of minute 3 does.
    expect(await statuses([0, 1, 2, 3, 17, 17, 17], '198.51.100.10')).toEqual([
      401, 401, 401, 401, 401, 401, 401,
    ])
    expect(await failAt(17, '198.51.100.10')).toBe(429)

    const ip = '198.51.100.11'
    expect(await statuses([30, 30, 30, 30], ip)).toEqual([401, 401, 401, 401])
    const complete = {email: admin.email, password: admin.password, code: testTotpCode()}
    expect((await signIn(complete, ip)).status).toBe(200)
    expect(await failAt(30, ip)).toBe(401)
  })

  it('answers 503 in Korean, not 500, when the database cannot be reached', async () => {
    const saved = process.env.NETLIFY_DB_URL
    process.env.NETLIFY_DB_URL = 'postgres://postgres@127.0.0.1:9/postgres'
    try {
      const answer = await signIn({email: admin.email, password: admin.password}, '198.51.100.21')
      expect(answer.status).toBe(503)
      expect(await answer.json()).toEqual({
        ok: false,
        error: '지금은 로그인할 수 없습니다. 잠시 후 다시 시도해 주세요.',
      })
    } finally {
      process.env.NETLIFY_DB_URL = saved
    }
  })
})

forEachDatabase('POST /api/admin/login under concurrent guessing', () => {
  beforeEach(async () => {
    admin = await stubTestAdmin()
  })

  it(
    'answers ten wrong passwords sent at once with ' +
      'at most four 401s, then locks even the right one',
    async () => {
      const ip = '198.51.100.20'
      const answers = await Promise.all(
        Array.from({length: 10}, (_, i) =>
          signIn({email: admin.email, password: `guess-${i}`}, ip),
        ),
      )
      const statuses = answers.map((answer) => answer.status).sort()
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429])
      expect((await signIn({email: admin.email, password: admin.password}, ip)).status).toBe(429)
    },
  )
})

import {afterEach, describe, expect, it, vi} from 'vitest'
import {
  mintAdminToken,
  TEST_ADMIN_EMAIL,
  TEST_AUTH_SECRET,
  TEST_STAFF_CONTEXT,
} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {SignJWT} from 'jose'
import {ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER} from '../auth/access-token.ts'
import {startSession} from '../auth/refresh-sessions.ts'
import {sql} from '../database.ts'
import {requireStaff, requireSignIn} from './signed-in.ts'

function withBearer(token: string): Request {
  return new Request('http://localhost/api/press', {
    method: 'POST',
    headers: {Authorization: `Bearer ${token}`},
  })
}

async function errorOf(
  result: {email: string} | Response,
): Promise<{status: number; error: unknown}> {
  if (!(result instanceof Response)) throw new Error('expected a 401 answer')
  return {status: result.status, error: ((await result.json()) as {error: unknown}).error}
}

describe('requireStaff', () => {
  withTestDatabase()
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it("returns the e-mail of a valid access token, and a counsellor's sites", async () => {
    expect(await requireStaff(withBearer(await mintAdminToken()), TEST_STAFF_CONTEXT)).toEqual({
      email: TEST_ADMIN_EMAIL,
      sites: null,
    })
    const counsellor = await mintAdminToken('c@example.com', new Date(), ['busan'])
    expect(await requireStaff(withBearer(counsellor), TEST_STAFF_CONTEXT)).toEqual({
      email: 'c@example.com',
      sites: ['busan'],
    })
  })

  it(
    'refuses a sign-in without a second factor with a Korean 403, ' +
      'which only the factor’s own endpoints take',
    async () => {
      const token = await mintAdminToken(TEST_ADMIN_EMAIL, new Date(), null, null)
      const refused = await requireStaff(withBearer(token), TEST_STAFF_CONTEXT)
      expect(await errorOf(refused)).toEqual({
        status: 403,
        error: '2단계 인증(인증 앱, 패스키 또는 복구 코드)을 마쳐야 이용할 수 있습니다.',
      })
      expect(await sql()`SELECT actor, action, detail->>'reason' AS reason FROM audit_log`).toEqual(
        [{actor: TEST_ADMIN_EMAIL, action: 'refused', reason: 'second-factor'}],
      )
      expect(await requireSignIn(withBearer(token), TEST_STAFF_CONTEXT)).toMatchObject({
        staff: {email: TEST_ADMIN_EMAIL, sites: null},
        factor: null,
      })
    },
  )

  it('answers 401 in Korean without a token', async () => {
    const result = await requireStaff(
      new Request('http://localhost/api/press', {method: 'POST'}),
      TEST_STAFF_CONTEXT,
    )
    expect(await errorOf(result)).toEqual({status: 401, error: '로그인이 필요합니다.'})
    expect((result as Response).headers.get('www-authenticate')).toBe('Bearer')
  })

  it('accepts a token until its tenth minute and refuses it after', async () => {
    const issued = new Date('2026-03-01T00:00:00Z')
    const token = await mintAdminToken(TEST_ADMIN_EMAIL, issued)
    expect(
      await requireStaff(
        withBearer(token),
        TEST_STAFF_CONTEXT,
        new Date(issued.getTime() + 9 * 60_000),
      ),
    ).toEqual({
      email: TEST_ADMIN_EMAIL,
      sites: null,
    })
    const expired = await requireStaff(
      withBearer(token),
      TEST_STAFF_CONTEXT,
      new Date(issued.getTime() + 10 * 60_000 + 1000),
    )
    expect((await errorOf(expired)).status).toBe(401)
  })

  it('refuses a token whose payload or signature was changed', async () => {
    const [header, payload, signature] = (await mintAdminToken()).split('.') as [
      string,
      string,
      string,
    ]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >
    const forgedPayload = Buffer.from(
      JSON.stringify({...claims, sub: 'intruder@example.com'}),
    ).toString('base64url')
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA')
    for (const token of [
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      'not-a-jwt',
    ]) {
      expect(
        (await errorOf(await requireStaff(withBearer(token), TEST_STAFF_CONTEXT))).status,
      ).toBe(401)
    }
    // Each try with a token is logged; the claimed e-mail is not taken for the actor.
    expect(
      await sql()`SELECT actor, action, detail->>'reason' AS reason, visitor FROM audit_log`,
    ).toEqual(
      Array(3).fill({
        actor: 'unknown',
        action: 'refused',
        reason: 'bad-token',
        visitor: expect.any(String),
      }),
    )
  })

  it('refuses tokens signed with another secret, for another audience, or unsigned', async () => {
    await mintAdminToken()
    const {session} = (await startSession(TEST_ADMIN_EMAIL, Date.now(), 'passkey'))!
    const sign = (secret: string, audience: string, claims: object = {sid: session}) =>
      new SignJWT({...claims})
        .setProtectedHeader({alg: 'HS256'})
        .setSubject(TEST_ADMIN_EMAIL)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(secret))
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({
        sub: TEST_ADMIN_EMAIL,
        iss: ACCESS_TOKEN_ISSUER,
        aud: ACCESS_TOKEN_AUDIENCE,
        iat: 1,
        exp: 9e9,
      }),
    ).toString('base64url')}.`
    expect(
      await requireStaff(
        withBearer(await sign(TEST_AUTH_SECRET, ACCESS_TOKEN_AUDIENCE)),
        TEST_STAFF_CONTEXT,
      ),
    ).toEqual({email: TEST_ADMIN_EMAIL, sites: null})
    for (const token of [
      await sign('another-secret-that-is-also-32-chars-long', ACCESS_TOKEN_AUDIENCE),
      await sign(TEST_AUTH_SECRET, 'elsewhere'),
      // No sign-in to check, or one that never was.
      await sign(TEST_AUTH_SECRET, ACCESS_TOKEN_AUDIENCE, {}),
      await sign(TEST_AUTH_SECRET, ACCESS_TOKEN_AUDIENCE, {
        sid: '00000000-0000-4000-8000-000000000000',
      }),
      unsigned,
    ]) {
      expect(
        (await errorOf(await requireStaff(withBearer(token), TEST_STAFF_CONTEXT))).status,
      ).toBe(401)
    }
  })
})

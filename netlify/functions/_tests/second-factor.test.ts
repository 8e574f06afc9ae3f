import type {Context} from '@netlify/functions'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'
import {hashPassword} from '../_shared/auth/password.ts'
import {totpCode} from '#shared/auth/totp.ts'
import {stubTestAdmin, TEST_STAFF_CONTEXT, testTotpCode} from '#tests/helpers/admin-token.ts'
import {softAuthenticator} from '#tests/helpers/soft-authenticator.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../_shared/database.ts'
import leads from '../admin-leads.mts'
import login from '../admin-login.mts'
import passkeyOptions from '../admin-passkey-options.mts'
import passkeys from '../admin-passkeys.mts'
import recoveryCodes from '../admin-recovery-codes.mts'
import secondFactor from '../admin-second-factor.mts'
import totp from '../admin-totp.mts'
import totpEnrolment from '../admin-totp-enrolment.mts'

type Handler = (req: Request, context: Context) => Promise<Response>

const SITE = 'https://staff.example.kr'
const COUNSELLOR = {email: 'counsel@example.com', password: '상담-비밀번호-456'}
let admin: {email: string; password: string}

async function call(
  handler: Handler,
  path: string,
  {token, body, method}: {token?: string; body?: unknown; method?: string} = {},
): Promise<{status: number; body: Record<string, unknown>}> {
  const res = await handler(
    new Request(`http://localhost${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        ...(token ? {authorization: `Bearer ${token}`} : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    TEST_STAFF_CONTEXT as Context,
  )
  return {status: res.status, body: (await res.json()) as Record<string, unknown>}
}

async function signIn(credentials: {email: string; password: string; code?: string}) {
  const answer = await call(login, '/api/admin/login', {body: credentials})
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as {accessToken: string; factor: string | null; enrolled: unknown}
}

const leadList = (token: string) => call(leads, '/api/admin/leads', {token})

const refusals = async () =>
  (
    await sql()<{actor: string; reason: string}>`
      SELECT actor, detail->>'reason' AS reason FROM audit_log WHERE action = 'refused' ORDER BY id`
  ).map(({actor, reason}) => `${actor} ${reason}`)

describe('the second factor of a staff sign-in', () => {
  withTestDatabase()
  beforeEach(async () => {
    admin = await stubTestAdmin()
    // A counsellor of ADMIN_USERS has no app until they enrol one.
    const hash = await hashPassword(COUNSELLOR.password, {N: 1024, r: 8, p: 1})
    vi.stubEnv('ADMIN_USERS', `${process.env.ADMIN_USERS},${COUNSELLOR.email}:${hash}:busan`)
    vi.stubEnv('SITE_URL', SITE)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it(
    'lets a counsellor without one only enrol: no personal data until the app’s first code ' +
      'checks, then eight recovery codes shown once',
    async () => {
      const first = await signIn(COUNSELLOR)
      expect(first).toMatchObject({
        factor: null,
        enrolled: {totp: false, passkeys: 0, recoveryCodes: 0},
      })
      const token = first.accessToken
      expect(await leadList(token)).toEqual({
        status: 403,
        body: {
          ok: false,
          error: '2단계 인증(인증 앱, 패스키 또는 복구 코드)을 마쳐야 이용할 수 있습니다.',
        },
      })

      const started = await call(totpEnrolment, '/api/admin/totp/enrolment', {token, body: {}})
      expect(started.status).toBe(200)
      const {secret, uri, enrolment, qr} = started.body as {
        secret: string
        uri: string
        enrolment: string
        qr: unknown
      }
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      expect(uri).toBe(
        `otpauth://totp/staff.example.kr:counsel%40example.com?issuer=staff.example.kr&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
      )
      expect(qr).toMatchObject({size: expect.any(Number), path: expect.stringMatching(/^M/)})

      const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0')
      const refused = await call(totp, '/api/admin/totp', {token, body: {enrolment, code: wrong}})
      expect(refused.status).toBe(400)
      expect(refused.body.error).toBe(
        '인증 코드가 올바르지 않습니다. 인증 앱에 지금 보이는 6자리 코드를 입력해 주세요.',
      )
      expect(await sql()`SELECT * FROM staff_totp`).toEqual([])
      const forged = await call(totp, '/api/admin/totp', {
        token,
        body: {enrolment: `${enrolment}x`, code: totpCode(secret)},
      })
      expect(forged.status).toBe(400)

      const enrolled = await call(totp, '/api/admin/totp', {
        token,
        body: {enrolment, code: totpCode(secret)},
      })
      expect(enrolled.status).toBe(201)
      expect(enrolled.body).toMatchObject({
        factor: 'totp',
        enrolled: {totp: true, passkeys: 0, recoveryCodes: 8},
      })
      const codes = enrolled.body.recoveryCodes as string[]
      expect(codes).toHaveLength(8)
      expect((await leadList(token)).status).toBe(200)
      // One app per account.
      expect(
        (await call(totpEnrolment, '/api/admin/totp/enrolment', {token, body: {}})).status,
      ).toBe(409)

      // The password alone no longer enrols anything: the second factor comes first.
      const next = (await signIn(COUNSELLOR)).accessToken
      expect(
        (await call(totpEnrolment, '/api/admin/totp/enrolment', {token: next, body: {}})).status,
      ).toBe(403)
      expect(
        (await call(recoveryCodes, '/api/admin/recovery-codes', {token: next, body: {}})).status,
      ).toBe(403)
      const passed = await call(secondFactor, '/api/admin/second-factor', {
        token: next,
        body: {code: codes[0]},
      })
      expect(passed).toMatchObject({status: 200, body: {factor: 'recovery'}})
      expect((await leadList(next)).status).toBe(200)
      expect(await refusals()).toEqual([
        `${COUNSELLOR.email} second-factor`,
        `${COUNSELLOR.email} bad-code`,
        `${COUNSELLOR.email} second-factor`,
        `${COUNSELLOR.email} second-factor`,
      ])
    },
  )

  it(
    'takes {email, password, code} in one request; a wrong, replayed or out-of-window code ' +
      'or a used recovery code is a Korean 401 that signs nobody in, logged as refused',
    async () => {
      const now = Date.now()
      const late = await call(login, '/api/admin/login', {
        body: {...admin, code: testTotpCode(now - 3 * 30_000)},
      })
      expect(late).toEqual({
        status: 401,
        body: {
          ok: false,
          error: '인증 코드가 올바르지 않습니다. 인증 앱에 지금 보이는 6자리 코드를 입력해 주세요.',
        },
      })
      const code = testTotpCode(now)
      const signedIn = await signIn({...admin, code})
      expect(signedIn.factor).toBe('totp')
      expect((await leadList(signedIn.accessToken)).status).toBe(200)
      const replayed = await call(login, '/api/admin/login', {body: {...admin, code}})
      expect(replayed).toEqual({
        status: 401,
        body: {
          ok: false,
          error:
            '이미 사용한 인증 코드입니다. 인증 앱에 새 코드가 나타나면 그 코드를 입력해 주세요.',
        },
      })

      const {recoveryCodes: codes} = (
        await call(recoveryCodes, '/api/admin/recovery-codes', {
          token: signedIn.accessToken,
          body: {},
        })
      ).body as {recoveryCodes: string[]}
      expect((await signIn({...admin, code: codes[3]})).factor).toBe('recovery')
      const reused = await call(login, '/api/admin/login', {body: {...admin, code: codes[3]}})
      expect(reused).toEqual({
        status: 401,
        body: {
          ok: false,
          error: '이미 사용한 복구 코드입니다. 사용하지 않은 다른 복구 코드를 입력해 주세요.',
        },
      })
      expect(await sql()`SELECT second_factor FROM admin_sessions ORDER BY started_at`).toEqual([
        {second_factor: 'totp'},
        {second_factor: 'recovery'},
      ])
      expect(await refusals()).toEqual([
        `${admin.email} bad-code`,
        `${admin.email} replayed-code`,
        `${admin.email} used-recovery-code`,
      ])
    },
  )

  it(
    'enrols passkeys and signs in with one; a passkey of another account, or an answer ' +
      'sent again, is refused and changes nothing',
    async () => {
      const enrolPasskey = async (token: string, passkey: ReturnType<typeof softAuthenticator>) => {
        const {body} = await call(passkeyOptions, '/api/admin/passkeys/options', {
          token,
          body: {purpose: 'enrol'},
        })
        const options = body.options as PublicKeyCredentialCreationOptionsJSON
        expect(options.rp).toEqual({name: '상담 관리', id: 'staff.example.kr'})
        return call(passkeys, '/api/admin/passkeys', {
          token,
          body: {passkey: passkey.create(options)},
        })
      }
      const signInOptions = async (token: string) =>
        (
          await call(passkeyOptions, '/api/admin/passkeys/options', {
            token,
            body: {purpose: 'sign-in'},
          })
        ).body.options as PublicKeyCredentialRequestOptionsJSON

      const adminKey = softAuthenticator(SITE)
      const adminToken = (await signIn({...admin, code: testTotpCode()})).accessToken
      const kept = await enrolPasskey(adminToken, adminKey)
      expect(kept).toMatchObject({status: 201, body: {factor: 'totp', enrolled: {passkeys: 1}}})
      // The administrator had no recovery codes: the first factor enrolled here brings them.
      expect(kept.body.recoveryCodes).toHaveLength(8)
      // The same authenticator twice is refused.
      expect((await enrolPasskey(adminToken, adminKey)).status).toBe(400)

      // The counsellor's first factor is a passkey: its sign-in passes with it.
      const counsellorKey = softAuthenticator(SITE)
      const counsellorToken = (await signIn(COUNSELLOR)).accessToken
      expect(await enrolPasskey(counsellorToken, counsellorKey)).toMatchObject({
        status: 201,
        body: {factor: 'passkey', enrolled: {totp: false, passkeys: 1, recoveryCodes: 8}},
      })
      expect((await leadList(counsellorToken)).status).toBe(200)

      const pending = await signIn(admin)
      expect(pending).toMatchObject({factor: null, enrolled: {totp: true, passkeys: 1}})
      const foreign = await call(secondFactor, '/api/admin/second-factor', {
        token: pending.accessToken,
        body: {passkey: counsellorKey.get(await signInOptions(pending.accessToken))},
      })
      expect(foreign).toEqual({
        status: 401,
        body: {
          ok: false,
          error: '이 계정에 등록된 패스키가 아닙니다. 이 계정의 패스키로 인증해 주세요.',
        },
      })
      expect((await leadList(pending.accessToken)).status).toBe(403)

      const answer = adminKey.get(await signInOptions(pending.accessToken))
      const passed = await call(secondFactor, '/api/admin/second-factor', {
        token: pending.accessToken,
        body: {passkey: answer},
      })
      expect(passed).toMatchObject({status: 200, body: {factor: 'passkey'}})
      expect((await leadList(pending.accessToken)).status).toBe(200)

      // The same answer for another sign-in: its challenge was spent.
      const other = (await signIn(admin)).accessToken
      await signInOptions(other)
      const again = await call(secondFactor, '/api/admin/second-factor', {
        token: other,
        body: {passkey: answer},
      })
      expect(again.status).toBe(401)
      expect((await leadList(other)).status).toBe(403)
      expect(await refusals()).toEqual([
        `${admin.email} passkey-exists`,
        `${admin.email} foreign-passkey`,
        `${admin.email} second-factor`,
        `${admin.email} bad-passkey`,
        `${admin.email} second-factor`,
      ])
    },
  )
})

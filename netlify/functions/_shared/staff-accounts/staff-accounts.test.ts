import type {Context} from '@netlify/functions'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken, TEST_STAFF_CONTEXT} from '#tests/helpers/admin-token.ts'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import type {StaffLinkAnswer, StaffListAnswer} from '#shared/auth/staff-accounts.ts'
import {PASSWORD_MESSAGES} from '#shared/auth/password-rule.ts'
import {totpCode} from '#shared/auth/totp.ts'
import login from '#netlify/functions/admin-login.mts'
import refresh from '#netlify/functions/admin-refresh.mts'
import {requireStaff} from '../gates/signed-in.ts'
import {enrolTotp} from '../auth/totp-factor.ts'
import {sql} from '../database.ts'
import {awayHandler} from '../leads/owner-handlers.ts'
import {
  changesHandler,
  createAccountHandler,
  createLinkHandler,
  createStaffHandler,
  STAFF_MESSAGES,
} from './handlers.ts'
import {createOpenLinkHandler, createSetPasswordHandler, LINK_MESSAGES} from './invite-handlers.ts'

const ADMIN = 'boss@example.com'
const KIM = 'kim@example.com'
const PASSWORD = '솔담-상담-2026-봄'
const NOW = Date.parse('2026-11-30T10:00:00+09:00')
const HOUR = 60 * 60 * 1000

const deps = (now = NOW) => ({
  sites: async () => new Set(['busan', 'daegu']),
  clock: () => now,
  env: {} as Record<string, string | undefined>,
})

type Call = {method?: string; body?: unknown; params?: Record<string, string>; path?: string}

/** A staff endpoint called with `token` as the page calls it. */
async function call(
  handler: (req: Request, context: Context) => Promise<Response>,
  token: string,
  {method = 'GET', body, params, path = '/api/admin/staff'}: Call = {},
) {
  const response = await handler(
    new Request(`http://localhost${path}`, {
      method,
      headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
      ...(body === undefined ? {} : {body: JSON.stringify(body)}),
    }),
    {...TEST_STAFF_CONTEXT, params: params ?? {}} as unknown as Context,
  )
  return {status: response.status, body: (await response.json()) as Record<string, unknown>}
}

const staff = (token: string, body?: unknown, now = NOW) =>
  call(createStaffHandler(deps(now)), token, body ? {method: 'POST', body} : {})
const patch = (token: string, email: string, body: unknown, now = NOW) =>
  call(createAccountHandler(deps(now)), token, {method: 'PATCH', body, params: {email}})
const link = (token: string, email: string, now = NOW) =>
  call(createLinkHandler(deps(now)), token, {method: 'POST', params: {email}})

/** A call of the invite page's endpoints, with the token the link carries. */
async function linkCall(
  handler: 'open' | 'password',
  body: Record<string, unknown>,
  now = NOW,
  ip = '198.51.100.7',
) {
  const create = handler === 'open' ? createOpenLinkHandler : createSetPasswordHandler
  const response = await create(() => now)(
    new Request(`http://localhost/api/invite${handler === 'open' ? '' : '/password'}`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body),
    }),
    {ip},
  )
  return {status: response.status, body: (await response.json()) as Record<string, unknown>}
}

const tokenOf = (answer: Record<string, unknown>) =>
  String((answer as unknown as StaffLinkAnswer).path).split('#')[1] ?? ''

async function signIn(email: string, password: string, ip = '192.0.2.10') {
  const response = await login(
    new Request('http://localhost/api/admin/login', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({email, password}),
    }),
    {ip} as Context,
  )
  const body = (await response.json()) as {accessToken?: string; sites?: unknown; error?: string}
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  return {status: response.status, body, cookie}
}

/** The refused attempts of the audit log, oldest first. */
const refusals = async () =>
  sql()<{actor: string; reason: string}>`
    SELECT actor, detail->>'reason' AS reason FROM audit_log WHERE action = 'refused' ORDER BY id`

const record = async () =>
  sql()<{actor: string; email: string; change: string; before: unknown; after: unknown}>`
    SELECT actor, email, change, before, after FROM staff_account_changes ORDER BY id`

/** Invites KIM as a counsellor of busan and sets the password through the link. */
async function invitedCounsellor(admin: string) {
  const invited = await staff(admin, {email: KIM, role: 'counsellor', sites: ['busan']})
  expect(invited.status).toBe(201)
  expect(
    (await linkCall('password', {token: tokenOf(invited.body), password: PASSWORD})).status,
  ).toBe(200)
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('직원 관리', () => {
  withTestDatabase()

  it('invites a counsellor by a one-time link, who sets a password by the rule and signs in', async () => {
    const admin = await mintAdminToken(ADMIN)
    const invited = await staff(admin, {
      email: ' Kim@Example.com',
      role: 'counsellor',
      sites: ['busan'],
    })
    expect(invited.status).toBe(201)
    expect(invited.body).toMatchObject({
      ok: true,
      email: KIM,
      kind: 'invite',
      expiresAt: new Date(NOW + 24 * HOUR).toISOString(),
    })
    expect(invited.body.path).toMatch(/^\/admin\/invite#[\w-]{43}$/)
    // Only the token's digest is kept.
    const [stored] = await sql()<{token_hash: string}>`SELECT token_hash FROM staff_invites`
    expect(stored?.token_hash).not.toBe(tokenOf(invited.body))

    const list = (await staff(admin)).body as unknown as StaffListAnswer
    expect(list.items.find((item) => item.email === KIM)).toEqual({
      email: KIM,
      role: 'counsellor',
      sites: ['busan'],
      disabled: false,
      secondFactor: false,
      invited: true,
      linkExpiresAt: new Date(NOW + 24 * HOUR).toISOString(),
      bootstrap: false,
    })
    // Invited, not yet able to sign in.
    expect((await signIn(KIM, PASSWORD)).status).toBe(401)

    const token = tokenOf(invited.body)
    expect(await linkCall('open', {token})).toEqual({
      status: 200,
      body: {
        ok: true,
        email: KIM,
        kind: 'invite',
        expiresAt: new Date(NOW + 24 * HOUR).toISOString(),
      },
    })
    // The rule, in Korean: too short, one of the common passwords (bare or dressed up), the e-mail.
    for (const [password, message] of [
      ['짧은비번', PASSWORD_MESSAGES.short],
      ['qwertyuiop', PASSWORD_MESSAGES.common],
      ['qwer1234!!', PASSWORD_MESSAGES.common],
      ['Sunshine2024!', PASSWORD_MESSAGES.common],
      ['kim@example.com-솔담', PASSWORD_MESSAGES.email],
    ] as const) {
      expect(await linkCall('password', {token, password}), password).toEqual({
        status: 400,
        body: {ok: false, error: message, fields: {password: message}},
      })
    }
    expect(await sql()`SELECT password_hash FROM staff_accounts WHERE email = ${KIM}`).toEqual([
      {password_hash: null},
    ])
    expect(await linkCall('password', {token, password: PASSWORD})).toEqual({
      status: 200,
      body: {ok: true, email: KIM},
    })
    const signedIn = await signIn(KIM, PASSWORD)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.sites).toEqual(['busan'])
    expect(await record()).toEqual([
      {
        actor: ADMIN,
        email: KIM,
        change: 'invite',
        before: null,
        after: {role: 'counsellor', sites: ['busan']},
      },
      {actor: KIM, email: KIM, change: 'password', before: null, after: null},
    ])
    // The list says who has enrolled a second factor, once KIM's app is.
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    expect(await enrolTotp(KIM, secret, totpCode(secret, NOW), NOW)).toEqual({ok: true})
    const listed = (await staff(admin)).body as unknown as StaffListAnswer
    expect(listed.items.find((item) => item.email === KIM)).toMatchObject({
      invited: false,
      secondFactor: true,
    })
  })

  it('refuses a reused, expired or forged link in Korean, changing nothing and logging the try', async () => {
    const admin = await mintAdminToken(ADMIN)
    const invited = await staff(admin, {email: KIM, role: 'counsellor', sites: ['busan']})
    const token = tokenOf(invited.body)
    // Expired: a day and a second after it was made.
    const late = NOW + 24 * HOUR + 1000
    expect(await linkCall('open', {token}, late)).toEqual({
      status: 410,
      body: {ok: false, error: LINK_MESSAGES.expired},
    })
    expect((await linkCall('password', {token, password: PASSWORD}, late)).status).toBe(410)
    // Forged: a token of the right shape that no link has, and one of the wrong shape.
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect(await linkCall('password', {token: forged, password: PASSWORD})).toEqual({
      status: 404,
      body: {ok: false, error: LINK_MESSAGES.unknown},
    })
    expect((await linkCall('open', {token: '../../etc'})).status).toBe(404)
    expect(await sql()`SELECT password_hash FROM staff_accounts WHERE email = ${KIM}`).toEqual([
      {password_hash: null},
    ])
    // Used: once only.
    expect((await linkCall('password', {token, password: PASSWORD})).status).toBe(200)
    expect(await linkCall('password', {token, password: '다른-비밀번호-2026'})).toEqual({
      status: 410,
      body: {ok: false, error: LINK_MESSAGES.used},
    })
    expect((await signIn(KIM, '다른-비밀번호-2026')).status).toBe(401)
    expect(await refusals()).toEqual([
      {actor: KIM, reason: 'link-expired'},
      {actor: KIM, reason: 'link-expired'},
      {actor: 'unknown', reason: 'link-unknown'},
      {actor: 'unknown', reason: 'link-unknown'},
      {actor: KIM, reason: 'link-used'},
      {actor: KIM, reason: 'invalid'},
    ])
  })

  it('lets no counsellor into 직원 관리: a 403 in Korean, nothing changed, the try logged', async () => {
    await mintAdminToken(ADMIN)
    const counsellor = await mintAdminToken('lee@example.com', new Date(), ['busan'])
    const refused = {status: 403, body: {ok: false, error: STAFF_MESSAGES.administratorsOnly}}
    expect(await staff(counsellor)).toEqual(refused)
    expect(await staff(counsellor, {email: KIM, role: 'administrator', sites: []})).toEqual(refused)
    expect(await patch(counsellor, ADMIN, {disabled: true})).toEqual(refused)
    expect(await link(counsellor, ADMIN)).toEqual(refused)
    expect(await call(changesHandler, counsellor, {path: '/api/admin/staff-changes'})).toEqual(
      refused,
    )
    expect(await sql()`SELECT email, disabled_at FROM staff_accounts ORDER BY email`).toEqual([
      {email: ADMIN, disabled_at: null},
      {email: 'lee@example.com', disabled_at: null},
    ])
    expect(await record()).toEqual([])
    expect(await refusals()).toEqual(
      Array(5).fill({actor: 'lee@example.com', reason: 'not-administrator'}),
    )
  })

  it('changes a counsellor’s sites, which holds on their very next request', async () => {
    const admin = await mintAdminToken(ADMIN)
    await invitedCounsellor(admin)
    const {body} = await signIn(KIM, PASSWORD)
    // As if KIM then passed their app's code: a sign-in with the password alone reads nothing.
    await sql()`UPDATE admin_sessions SET second_factor = 'totp' WHERE email = ${KIM}`
    const away = () => call(awayHandler, body.accessToken!, {path: '/api/admin/away'})
    expect((await away()).status).toBe(200)
    const changed = await patch(admin, KIM, {role: 'counsellor', sites: ['daegu', 'busan']})
    expect(changed).toMatchObject({status: 200, body: {account: {sites: ['busan', 'daegu']}}})
    // The same access again changes nothing and records nothing.
    expect((await patch(admin, KIM, {role: 'counsellor', sites: ['busan', 'daegu']})).status).toBe(
      200,
    )
    expect((await record()).filter((row) => row.change === 'access')).toEqual([
      {
        actor: ADMIN,
        email: KIM,
        change: 'access',
        before: {role: 'counsellor', sites: ['busan']},
        after: {role: 'counsellor', sites: ['busan', 'daegu']},
      },
    ])
    const asKim = new Request('http://localhost/api/admin/leads', {
      headers: {Authorization: `Bearer ${body.accessToken}`},
    })
    expect(await requireStaff(asKim, TEST_STAFF_CONTEXT)).toEqual({
      email: KIM,
      sites: ['busan', 'daegu'],
    })
    await patch(admin, KIM, {role: 'administrator'})
    expect(await requireStaff(asKim, TEST_STAFF_CONTEXT)).toEqual({email: KIM, sites: null})
  })

  it('signs a disabled account out everywhere at once: 401 in Korean on its next request', async () => {
    const admin = await mintAdminToken(ADMIN)
    await invitedCounsellor(admin)
    const phone = await signIn(KIM, PASSWORD, '192.0.2.11')
    const desk = await signIn(KIM, PASSWORD, '192.0.2.12')
    const disabled = await patch(admin, KIM, {disabled: true})
    expect(disabled).toMatchObject({status: 200, body: {account: {email: KIM, disabled: true}}})
    const ended = {ok: false, error: '사용이 중지된 계정입니다. 관리자에게 문의해 주세요.'}
    for (const device of [phone, desk]) {
      const next = await call(awayHandler, device.body.accessToken!, {
        path: '/api/admin/away',
      })
      expect(next).toEqual({status: 401, body: ended})
      const refreshed = await refresh(
        new Request('http://localhost/api/admin/refresh', {
          method: 'POST',
          headers: {cookie: device.cookie},
        }),
        TEST_STAFF_CONTEXT as Context,
      )
      expect(refreshed.status).toBe(401)
    }
    expect((await signIn(KIM, PASSWORD)).status).toBe(401)
    expect((await refusals()).map((row) => row.reason)).toEqual([
      'account-disabled',
      'refresh-disabled',
      'account-disabled',
      'refresh-disabled',
      'invalid',
    ])
    // A link for a disabled account is refused; enabled again, it signs in with its password.
    expect(await link(admin, KIM)).toEqual({
      status: 409,
      body: {ok: false, error: STAFF_MESSAGES.disabledLink},
    })
    expect((await patch(admin, KIM, {disabled: false})).status).toBe(200)
    expect((await signIn(KIM, PASSWORD)).status).toBe(200)
    expect((await record()).map((row) => [row.change, row.before, row.after])).toEqual([
      ['invite', null, {role: 'counsellor', sites: ['busan']}],
      ['password', null, null],
      ['disable', {role: 'counsellor', sites: ['busan']}, null],
      ['enable', null, {role: 'counsellor', sites: ['busan']}],
    ])
  })

  it('makes a new link that replaces the open one; a new password ends the old sign-ins', async () => {
    const admin = await mintAdminToken(ADMIN)
    const first = await staff(admin, {email: KIM, role: 'counsellor', sites: ['busan']})
    const again = await link(admin, KIM)
    expect(again).toMatchObject({status: 201, body: {kind: 'invite', email: KIM}})
    expect(await linkCall('open', {token: tokenOf(first.body)})).toEqual({
      status: 410,
      body: {ok: false, error: LINK_MESSAGES.withdrawn},
    })
    await linkCall('password', {token: tokenOf(again.body), password: PASSWORD})
    const before = await signIn(KIM, PASSWORD)
    const reset = await link(admin, KIM)
    expect(reset).toMatchObject({status: 201, body: {kind: 'reset'}})
    expect(
      (await linkCall('password', {token: tokenOf(reset.body), password: '새로-정한-비밀번호-7'}))
        .status,
    ).toBe(200)
    const next = await call(awayHandler, before.body.accessToken!, {path: '/api/admin/away'})
    expect(next.status).toBe(401)
    expect((await signIn(KIM, PASSWORD)).status).toBe(401)
    expect((await signIn(KIM, '새로-정한-비밀번호-7')).status).toBe(200)
  })

  it('refuses bad input in Korean and changes nothing', async () => {
    vi.stubEnv('ADMIN_USERS', '')
    const admin = await mintAdminToken(ADMIN)
    const bad = async (body: unknown, field: string, message: string) =>
      expect(await staff(admin, body)).toEqual({
        status: 400,
        body: {ok: false, error: message, fields: {[field]: message}},
      })
    await bad(
      {email: 'not-an-email', role: 'counsellor', sites: ['busan']},
      'email',
      STAFF_MESSAGES.email,
    )
    await bad({email: KIM, role: 'owner', sites: ['busan']}, 'role', STAFF_MESSAGES.role)
    await bad({email: KIM, role: 'counsellor', sites: []}, 'sites', STAFF_MESSAGES.sites)
    await bad({email: KIM, role: 'counsellor', sites: ['busan', 3]}, 'sites', STAFF_MESSAGES.sites)
    await bad(
      {email: KIM, role: 'counsellor', sites: ['seoul']},
      'sites',
      STAFF_MESSAGES.unknownSite,
    )
    expect(await staff(admin, {email: ADMIN, role: 'administrator'})).toMatchObject({
      status: 409,
      body: {error: STAFF_MESSAGES.exists},
    })
    expect(await patch(admin, ADMIN, {disabled: true})).toEqual({
      status: 400,
      body: {ok: false, error: STAFF_MESSAGES.self},
    })
    expect(await patch(admin, 'nobody@example.com', {disabled: true})).toEqual({
      status: 404,
      body: {ok: false, error: STAFF_MESSAGES.notFound},
    })
    await invitedCounsellor(admin)
    expect((await patch(admin, KIM, {})).status).toBe(400)
    expect((await patch(admin, KIM, {disabled: true, role: 'administrator'})).status).toBe(400)
    expect((await patch(admin, KIM, {role: 'counsellor', sites: ['seoul']})).status).toBe(400)
    expect(await sql()`SELECT sites, disabled_at FROM staff_accounts WHERE email = ${KIM}`).toEqual(
      [{sites: ['busan'], disabled_at: null}],
    )
    expect((await record()).map((row) => row.change)).toEqual(['invite', 'password'])
  })
})

forEachDatabase('staff accounts at the same moment', () => {
  it('makes exactly one account and one open link of ten invites of one e-mail at once', async () => {
    const admin = await mintAdminToken(ADMIN)
    const answers = await Promise.all(
      Array.from({length: 10}, () =>
        staff(admin, {email: KIM, role: 'counsellor', sites: ['busan']}),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)])
    expect(await sql()`SELECT count(*)::int AS n FROM staff_accounts WHERE email = ${KIM}`).toEqual(
      [{n: 1}],
    )
    expect(
      await sql()`SELECT count(*)::int AS n FROM staff_invites
        WHERE email = ${KIM} AND used_at IS NULL AND revoked_at IS NULL`,
    ).toEqual([{n: 1}])
    expect((await record()).map((row) => row.change)).toEqual(['invite'])
  })

  it('leaves one open link of ten made at once, the one a 201 answered', async () => {
    const admin = await mintAdminToken(ADMIN)
    await staff(admin, {email: KIM, role: 'counsellor', sites: ['busan']})
    const answers = await Promise.all(Array.from({length: 10}, () => link(admin, KIM)))
    for (const answer of answers) expect([201, 409]).toContain(answer.status)
    const open = await sql()<{token_hash: string}>`SELECT token_hash FROM staff_invites
      WHERE email = ${KIM} AND used_at IS NULL AND revoked_at IS NULL`
    expect(open).toHaveLength(1)
    const opened = await Promise.all(
      answers
        .filter((answer) => answer.status === 201)
        .map((answer) => linkCall('open', {token: tokenOf(answer.body)})),
    )
    expect(opened.filter((answer) => answer.status === 200)).toHaveLength(1)
  })

  it('ends every sign-in of an account disabled while it signs in and works', async () => {
    const admin = await mintAdminToken(ADMIN)
    await invitedCounsellor(admin)
    const [, ...results] = await Promise.all([
      patch(admin, KIM, {disabled: true}),
      ...Array.from({length: 8}, (_, i) => signIn(KIM, PASSWORD, `192.0.2.${20 + i}`)),
    ])
    // Whatever the order, no sign-in made then works now.
    for (const result of results.filter((answer) => answer.status === 200)) {
      const next = await call(awayHandler, result.body.accessToken!, {
        path: '/api/admin/away',
      })
      expect(next.status).toBe(401)
    }
    expect(
      await sql()`SELECT count(*)::int AS n FROM staff_accounts WHERE disabled_at IS NOT NULL`,
    ).toEqual([{n: 1}])
  })

  it('lets only one of two administrators who disable each other at once succeed', async () => {
    const boss = await mintAdminToken(ADMIN)
    const other = await mintAdminToken('park@example.com')
    const answers = await Promise.all([
      patch(boss, 'park@example.com', {disabled: true}),
      patch(other, ADMIN, {disabled: true}),
    ])
    // The second waits for the first's lock and then finds itself disabled (403), or comes
    // after it and its sign-in has ended (401).
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    for (const answer of answers.filter((one) => one.status !== 200))
      expect([401, 403]).toContain(answer.status)
    expect(
      await sql()`SELECT count(*)::int AS n FROM staff_accounts
        WHERE role = 'administrator' AND disabled_at IS NULL`,
    ).toEqual([{n: 1}])
  })
})

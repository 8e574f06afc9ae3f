import {afterEach, beforeEach, expect, it, vi} from 'vitest'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import type {SignInResult} from '#shared/auth/sign-in-result.ts'
import {totpCode} from '#shared/auth/totp.ts'
import {guardedSecondFactor, guardedSignIn, VISITOR_RULE} from './sign-in.ts'
import {spendSecondFactorCode} from './second-factor.ts'
import {enrolTotp} from './totp-factor.ts'

const ADMIN = {email: 'admin@example.com', password: '올바른-비밀번호'}
const NOW = Date.parse('2026-05-01T10:00:00Z')
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'

/** A password check that counts how often it runs, and takes as long as scrypt would. */
function countingCheck() {
  const counter = {checks: 0}
  const check = async (email: string, password: string) => {
    counter.checks++
    await new Promise((resolve) => setTimeout(resolve, 30))
    return email === ADMIN.email && password === ADMIN.password ? email : null
  }
  return {counter, check}
}

const reasons = (results: SignInResult[]) =>
  results.map((result) => (result.ok ? 'ok' : result.reason)).sort()

/** ADMIN's app, enrolled with the code of a minute before NOW (so NOW's code is unused). */
async function enrolAdminApp(): Promise<void> {
  const before = NOW - 60_000
  expect(await enrolTotp(ADMIN.email, SECRET, totpCode(SECRET, before), before)).toEqual({ok: true})
}

forEachDatabase('the administrators’ sign-in guard', () => {
  beforeEach(() => {
    vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it(
    'counts each attempt before its password is checked: ' +
      'ten wrong passwords at once get at most five checks',
    async () => {
      const {counter, check} = countingCheck()
      // Four visitors at once, each with its own lock to race for.
      const visitors = ['visitor-1', 'visitor-2', 'visitor-3', 'visitor-4']
      const results = await Promise.all(
        visitors.map((visitor) =>
          Promise.all(
            Array.from({length: 10}, (_, i) =>
              guardedSignIn(
                {email: ADMIN.email, password: `guess-${i}`, visitor, channel: 'site', now: NOW},
                {check},
              ),
            ),
          ),
        ),
      )
      expect(counter.checks).toBe(5 * visitors.length)
      for (const ofVisitor of results)
        expect(reasons(ofVisitor)).toEqual([
          'invalid',
          'invalid',
          'invalid',
          'invalid',
          ...Array(6).fill('locked'),
        ])
      // Locked: the right password is not even checked.
      const right = await guardedSignIn(
        {...ADMIN, visitor: 'visitor-1', channel: 'site', now: NOW + 60_000},
        {check},
      )
      expect(right).toEqual({ok: false, reason: 'locked', retryAfterS: 14 * 60})
      expect(counter.checks).toBe(5 * visitors.length)
    },
  )

  it(
    'lets no more than 30 attempts of one visitor ' + 'through in 15 minutes, whatever the e-mail',
    async () => {
      const {counter, check} = countingCheck()
      const results = await Promise.all(
        Array.from({length: 40}, (_, i) =>
          guardedSignIn(
            {
              email: `user${i}@example.com`,
              password: 'x',
              visitor: 'visitor-2',
              channel: 'site',
              now: NOW,
            },
            {check},
          ),
        ),
      )
      expect(counter.checks).toBe(VISITOR_RULE.limit)
      expect(results.filter((result) => !result.ok && result.reason === 'limited')).toHaveLength(10)
    },
  )

  it('lets SIGN_IN_RATE_LIMIT attempts of one visitor through where one address is many people', async () => {
    vi.stubEnv('SIGN_IN_RATE_LIMIT', '35')
    const {counter, check} = countingCheck()
    await Promise.all(
      Array.from({length: 40}, (_, i) =>
        guardedSignIn(
          {
            email: `many${i}@example.com`,
            password: 'x',
            visitor: 'visitor-3',
            channel: 'site',
            now: NOW,
          },
          {check},
        ),
      ),
    )
    expect(counter.checks).toBe(35)
    vi.unstubAllEnvs()
  })

  it('logs a successful sign-in with its channel, and forgets the failures before it', async () => {
    await enrolAdminApp()
    const {check} = countingCheck()
    for (let i = 0; i < 4; i++)
      await guardedSignIn(
        {
          email: ADMIN.email,
          password: 'wrong',
          visitor: 'visitor-3',
          channel: 'studio',
          now: NOW + i,
        },
        {check},
      )
    const code = totpCode(SECRET, NOW)
    expect(
      await guardedSignIn(
        {
          ...ADMIN,
          code,
          requireSecondFactor: true,
          visitor: 'visitor-3',
          channel: 'studio',
          now: NOW + 10,
        },
        {check},
      ),
    ).toEqual({ok: true, email: ADMIN.email, factor: 'totp'})
    expect(await sql()`SELECT count(*)::int AS n FROM sign_in_guards`).toEqual([{n: 0}])
    // The refused attempts are logged too, with why.
    expect(await sql()`SELECT actor, action, detail, visitor FROM audit_log ORDER BY id`).toEqual([
      ...Array(4).fill({
        actor: ADMIN.email,
        action: 'refused',
        detail: {channel: 'studio', reason: 'invalid'},
        visitor: 'visitor-3',
      }),
      {
        actor: ADMIN.email,
        action: 'sign-in',
        detail: {channel: 'studio', factor: 'totp'},
        visitor: 'visitor-3',
      },
    ])
    expect(
      await guardedSignIn(
        {
          email: ADMIN.email,
          password: 'wrong',
          visitor: 'visitor-3',
          channel: 'studio',
          now: NOW + 20,
        },
        {check},
      ),
    ).toEqual({ok: false, reason: 'invalid'})
  })

  it('asks the Studio for the second factor: a password alone, or a wrong code, is refused', async () => {
    await enrolAdminApp()
    const {check} = countingCheck()
    const studio = (code: string | undefined, now: number) =>
      guardedSignIn(
        {...ADMIN, code, requireSecondFactor: true, visitor: 'visitor-5', channel: 'studio', now},
        {check},
      )
    expect(await studio(undefined, NOW)).toEqual({ok: false, reason: 'bad-code'})
    const wrong = String((Number(totpCode(SECRET, NOW)) + 1) % 1_000_000).padStart(6, '0')
    expect(await studio(wrong, NOW + 1)).toEqual({ok: false, reason: 'bad-code'})
    // An account without a second factor cannot sign in to the Studio at all.
    const none = await guardedSignIn(
      {
        ...ADMIN,
        email: 'new@example.com',
        requireSecondFactor: true,
        visitor: 'visitor-5',
        channel: 'studio',
        now: NOW + 2,
      },
      {check: async (email) => email},
    )
    expect(none).toEqual({ok: false, reason: 'no-factor'})
    expect(
      await sql()`SELECT actor, detail->>'reason' AS reason FROM audit_log ORDER BY id`,
    ).toEqual([
      {actor: ADMIN.email, reason: 'bad-code'},
      {actor: ADMIN.email, reason: 'bad-code'},
      {actor: 'new@example.com', reason: 'no-factor'},
    ])
  })

  it(
    'counts second-factor attempts against the password’s lock: ' +
      'after the password, four wrong codes lock the pair',
    async () => {
      await enrolAdminApp()
      const {check} = countingCheck()
      const visitor = 'visitor-6'
      // The password alone: a sign-in that still needs its factor, its attempt remembered.
      expect(await guardedSignIn({...ADMIN, visitor, channel: 'site', now: NOW}, {check})).toEqual({
        ok: true,
        email: ADMIN.email,
        factor: null,
      })
      const wrongCode = () =>
        guardedSecondFactor({email: ADMIN.email, visitor, now: NOW + 1}, () =>
          spendSecondFactorCode(ADMIN.email, '000000', NOW + 1),
        )
      const results = []
      for (let i = 0; i < 4; i++) results.push(await wrongCode())
      expect(reasons(results)).toEqual(['bad-code', 'bad-code', 'bad-code', 'locked'])
      // Locked: even the right code is not checked now.
      const right = await guardedSecondFactor({email: ADMIN.email, visitor, now: NOW + 2}, () =>
        spendSecondFactorCode(ADMIN.email, totpCode(SECRET, NOW), NOW + 2),
      )
      expect(right).toMatchObject({ok: false, reason: 'locked'})
      expect(await sql()`SELECT last_step::int FROM staff_totp`).toEqual([
        {last_step: Math.floor((NOW - 60_000) / 30_000)},
      ])
    },
  )
})

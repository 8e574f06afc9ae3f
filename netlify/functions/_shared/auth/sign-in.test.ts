import {expect, it, vi} from 'vitest'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import type {SignInResult} from '#shared/auth/sign-in-result.ts'
import {guardedSignIn, VISITOR_RULE} from './sign-in.ts'

const ADMIN = {email: 'admin@example.com', password: '올바른-비밀번호'}
const NOW = Date.parse('2026-05-01T10:00:00Z')

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

forEachDatabase('the administrators’ sign-in guard', () => {
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
    expect(
      await guardedSignIn(
        {...ADMIN, visitor: 'visitor-3', channel: 'studio', now: NOW + 10},
        {check},
      ),
    ).toEqual({ok: true, email: ADMIN.email})
    expect(await sql()`SELECT count(*)::int AS n FROM sign_in_guards`).toEqual([{n: 0}])
    // The refused attempts are logged too, with why.
    expect(await sql()`SELECT actor, action, detail, visitor FROM audit_log ORDER BY id`).toEqual([
      ...Array(4).fill({
        actor: ADMIN.email,
        action: 'refused',
        detail: {channel: 'studio', reason: 'invalid'},
        visitor: 'visitor-3',
      }),
      {actor: ADMIN.email, action: 'sign-in', detail: {channel: 'studio'}, visitor: 'visitor-3'},
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
})

import {afterEach, beforeEach, expect, it, vi} from 'vitest'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {totpCodeAt, totpStep} from '#shared/auth/totp.ts'
import {sql} from '../database.ts'
import {newRecoveryCodes, RECOVERY_CODE_COUNT} from './recovery-codes.ts'
import {enrolledFactors, spendSecondFactorCode} from './second-factor.ts'
import {enrolTotp} from './totp-factor.ts'

const EMAIL = 'counsel@example.com'
const SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U'
const NOW = Date.parse('2026-05-01T10:00:10Z')
const STEP = totpStep(NOW)

/** The app enrolled with the code of five steps before NOW, so NOW's window is unused. */
async function enrolled(): Promise<void> {
  const at = NOW - 5 * 30_000
  expect(await enrolTotp(EMAIL, SECRET, totpCodeAt(SECRET, STEP - 5), at)).toEqual({ok: true})
}

const use = (code: string, now = NOW) => spendSecondFactorCode(EMAIL, code, now)

forEachDatabase('second factors', () => {
  beforeEach(() => {
    vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('keeps the app’s secret sealed, and tells what the account has enrolled', async () => {
    expect(await enrolledFactors(EMAIL)).toEqual({totp: false, passkeys: 0, recoveryCodes: 0})
    await enrolled()
    const [row] = await sql()<{sealed_secret: string}>`SELECT sealed_secret FROM staff_totp`
    expect(row?.sealed_secret).not.toContain(SECRET)
    expect(await enrolledFactors(EMAIL)).toEqual({totp: true, passkeys: 0, recoveryCodes: 0})
    // A second enrolment does not replace the first.
    const again = await enrolTotp(EMAIL, SECRET, totpCodeAt(SECRET, STEP), NOW)
    expect(again).toEqual({ok: false, reason: 'enrolled'})
  })

  it('accepts the codes of the step before, the step and the step after, and no other', async () => {
    await enrolled()
    expect(await use(totpCodeAt(SECRET, STEP - 2))).toEqual({ok: false, reason: 'bad-code'})
    expect(await use(totpCodeAt(SECRET, STEP + 2))).toEqual({ok: false, reason: 'bad-code'})
    expect(await use('12345')).toEqual({ok: false, reason: 'bad-code'})
    for (const step of [STEP - 1, STEP, STEP + 1])
      expect(await use(totpCodeAt(SECRET, step))).toEqual({ok: true, factor: 'totp'})
  })

  it('accepts a code once: the same code again, or an older one after it, is a replay', async () => {
    await enrolled()
    const code = totpCodeAt(SECRET, STEP)
    expect(await use(code)).toEqual({ok: true, factor: 'totp'})
    expect(await use(code, NOW + 5000)).toEqual({ok: false, reason: 'replayed-code'})
    expect(await use(totpCodeAt(SECRET, STEP - 1))).toEqual({ok: false, reason: 'replayed-code'})
    // The enrolment's own code was spent too.
    expect(await use(totpCodeAt(SECRET, STEP - 5), NOW - 5 * 30_000)).toEqual({
      ok: false,
      reason: 'replayed-code',
    })
  })

  it('lets one of ten copies of a code sent at once sign in', async () => {
    await enrolled()
    const code = totpCodeAt(SECRET, STEP)
    const results = await Promise.all(Array.from({length: 10}, () => use(code)))
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(
      results.filter((result) => !result.ok && result.reason === 'replayed-code'),
    ).toHaveLength(9)
  })

  it('makes eight recovery codes, keeps only digests, and lets each sign in once', async () => {
    await enrolled()
    const codes = await newRecoveryCodes(EMAIL, NOW)
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT)
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/)
    const stored = JSON.stringify(await sql()`SELECT * FROM staff_recovery_codes`)
    for (const code of codes) expect(stored).not.toContain(code.replace('-', ''))

    const [first, second] = codes as [string, string]
    // Typed as people type: lower case, spaces instead of the hyphen.
    expect(await use(first.toLowerCase().replace('-', ' '))).toEqual({
      ok: true,
      factor: 'recovery',
    })
    expect(await use(first)).toEqual({ok: false, reason: 'used-recovery-code'})
    expect(await use('ABCDE-FGHJK')).toEqual({ok: false, reason: 'bad-code'})
    expect((await enrolledFactors(EMAIL)).recoveryCodes).toBe(RECOVERY_CODE_COUNT - 1)

    const results = await Promise.all(Array.from({length: 10}, () => use(second)))
    expect(results.filter((result) => result.ok)).toHaveLength(1)

    // New codes replace the old ones: an unused old code opens nothing.
    await newRecoveryCodes(EMAIL, NOW + 1000)
    expect(await use(codes[2]!)).toEqual({ok: false, reason: 'bad-code'})
  })
})

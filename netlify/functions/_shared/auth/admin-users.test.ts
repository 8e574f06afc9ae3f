import {describe, expect, it} from 'vitest'
import {sql} from '#netlify/functions/_shared/database.ts'
import {putTestAccount, TEST_SCRYPT} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {
  checkCredentials,
  parseStaffAccounts,
  siteCounsellors,
  siteStaff,
  staffMembers,
} from './admin-users.ts'
import {hashPassword} from '#netlify/functions/_shared/auth/password.ts'

describe('ADMIN_USERS entries', () => {
  it('reads pairs separated by commas or line breaks, with a counsellor’s sites, and ignores broken ones', async () => {
    const a = await hashPassword('a', TEST_SCRYPT)
    const accounts = parseStaffAccounts(
      ` One@Example.com:${a},\nbusan@example.com:${a}:busan both@example.com:${a}:busan|daegu ` +
        `three@example.com:plaintext nohash bad@example.com:${a}:Busan! empty@example.com:${a}:`,
    )
    expect(Object.fromEntries(accounts)).toEqual({
      'one@example.com': {hash: a, sites: null},
      'busan@example.com': {hash: a, sites: ['busan']},
      'both@example.com': {hash: a, sites: ['busan', 'daegu']},
    })
  })
})

describe('checking a sign-in', () => {
  withTestDatabase()

  it('accepts the right password of an ADMIN_USERS entry, in any case, and makes it an account once', async () => {
    const env = {ADMIN_USERS: `admin@example.com:${await hashPassword('pw-right', TEST_SCRYPT)}`}
    expect(await checkCredentials('admin@example.com', 'pw-wrong', env)).toBeNull()
    expect(await checkCredentials('nobody@example.com', 'pw-right', env)).toBeNull()
    expect(await sql()`SELECT email FROM staff_accounts`).toEqual([])
    expect(await checkCredentials('Admin@Example.com ', 'pw-right', env)).toBe('admin@example.com')
    expect(await checkCredentials('admin@example.com', 'pw-right', env)).toBe('admin@example.com')
    expect(await sql()`SELECT email, role, sites FROM staff_accounts`).toEqual([
      {email: 'admin@example.com', role: 'administrator', sites: []},
    ])
    expect(
      await sql()`SELECT actor, email, change, before, after FROM staff_account_changes`,
    ).toEqual([
      {
        actor: 'ADMIN_USERS',
        email: 'admin@example.com',
        change: 'bootstrap',
        before: null,
        after: {role: 'administrator', sites: []},
      },
    ])
  })

  it('lets the database decide once the account exists, whatever ADMIN_USERS says', async () => {
    const entry = `busan@example.com:${await hashPassword('old-password', TEST_SCRYPT)}:busan`
    expect(await checkCredentials('busan@example.com', 'old-password', {ADMIN_USERS: entry})).toBe(
      'busan@example.com',
    )
    expect(await sql()`SELECT role, sites FROM staff_accounts`).toEqual([
      {role: 'counsellor', sites: ['busan']},
    ])
    // A new password set in the database holds; the entry's old one no longer opens it.
    const newHash = await hashPassword('new-password', TEST_SCRYPT)
    await sql()`UPDATE staff_accounts SET password_hash = ${newHash}`
    expect(
      await checkCredentials('busan@example.com', 'old-password', {ADMIN_USERS: entry}),
    ).toBeNull()
    expect(await checkCredentials('busan@example.com', 'new-password', {})).toBe(
      'busan@example.com',
    )
    // Disabled, it signs in with no password, the entry's included.
    await sql()`UPDATE staff_accounts SET disabled_at = now()`
    expect(
      await checkCredentials('busan@example.com', 'new-password', {ADMIN_USERS: entry}),
    ).toBeNull()
  })

  it('refuses an invited account that has no password yet', async () => {
    await sql()`INSERT INTO staff_accounts (email, role, sites, created_at, updated_at)
      VALUES ('new@example.com', 'counsellor', '{busan}', now(), now())`
    expect(await checkCredentials('new@example.com', '', {})).toBeNull()
    expect(await checkCredentials('new@example.com', 'anything-at-all', {})).toBeNull()
  })

  it('takes as long for an unknown e-mail as for a wrong password', async () => {
    // The real cost, so that the password check dominates the measured time.
    const env = {ADMIN_USERS: `admin@example.com:${await hashPassword('pw-right')}`}
    const time = async (email: string): Promise<number> => {
      const start = performance.now()
      await checkCredentials(email, 'pw-wrong', env)
      return performance.now() - start
    }
    const unknown: number[] = []
    const wrong: number[] = []
    for (let i = 0; i < 6; i++) {
      unknown.push(await time('nobody@example.com'))
      wrong.push(await time('admin@example.com'))
    }
    const median = (values: number[]): number =>
      [...values].sort((x, y) => x - y)[values.length >> 1] ?? 0
    const ratio = median(unknown) / median(wrong)
    expect(median(wrong)).toBeGreaterThan(10)
    // Wide bounds for a busy machine; a shortcut for unknown e-mails would be near 0.
    expect(ratio).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  })
})

describe('who the staff are', () => {
  withTestDatabase()

  it('lists the accounts that can sign in, oldest first, then the ADMIN_USERS entries that are no account yet', async () => {
    const hash = await hashPassword('x', TEST_SCRYPT)
    await putTestAccount('boss@example.com')
    await putTestAccount('kim@example.com', ['busan'])
    await putTestAccount('gone@example.com', ['busan'])
    await sql()`UPDATE staff_accounts SET disabled_at = now() WHERE email = 'gone@example.com'`
    await sql()`INSERT INTO staff_accounts (email, role, sites, created_at, updated_at)
      VALUES ('invited@example.com', 'counsellor', '{busan}', now(), now())`
    const env = {
      // An entry whose e-mail is an account (disabled here) brings nobody back.
      ADMIN_USERS: `gone@example.com:${hash}:busan lee@example.com:${hash}:busan|daegu`,
    }
    expect(await staffMembers(env)).toEqual([
      {email: 'boss@example.com', sites: null},
      {email: 'kim@example.com', sites: ['busan']},
      {email: 'lee@example.com', sites: ['busan', 'daegu']},
    ])
    expect(await siteCounsellors('busan', env)).toEqual(['kim@example.com', 'lee@example.com'])
    // A site no counsellor names goes to the administrators.
    expect(await siteCounsellors('ulsan', env)).toEqual(['boss@example.com'])
    expect(await siteStaff('daegu', env)).toEqual(['lee@example.com', 'boss@example.com'])
  })
})

import {describe, expect, it} from 'vitest'
import {
  checkCredentials,
  isAdmin,
  parseAdminUsers,
  parseStaffAccounts,
  staffSites,
} from './admin-users.ts'
import {hashPassword} from './password.ts'

describe('administrators from ADMIN_USERS', () => {
  it('reads pairs separated by commas or line breaks and ignores broken ones', async () => {
    const a = await hashPassword('a', {N: 1024, r: 8, p: 1})
    const b = await hashPassword('b', {N: 1024, r: 8, p: 1})
    const users = parseAdminUsers(
      ` One@Example.com:${a},\ntwo@example.com:${b} three@example.com:plaintext nohash`,
    )
    expect([...users.keys()]).toEqual(['one@example.com', 'two@example.com'])
    expect(isAdmin(' ONE@example.com ', {ADMIN_USERS: `one@example.com:${a}`})).toBe(true)
    expect(isAdmin('three@example.com', {ADMIN_USERS: 'three@example.com:plaintext'})).toBe(false)
  })

  it('reads the sites of a counsellor; an entry without sites sees all', async () => {
    const a = await hashPassword('a', {N: 1024, r: 8, p: 1})
    const accounts = parseStaffAccounts(
      `admin@example.com:${a} busan@example.com:${a}:busan both@example.com:${a}:busan|daegu ` +
        `bad@example.com:${a}:Busan! empty@example.com:${a}:`,
    )
    expect(Object.fromEntries(accounts)).toEqual({
      'admin@example.com': {hash: a, sites: null},
      'busan@example.com': {hash: a, sites: ['busan']},
      'both@example.com': {hash: a, sites: ['busan', 'daegu']},
    })
    const env = {ADMIN_USERS: `Busan@example.com:${a}:busan`}
    expect(staffSites('busan@EXAMPLE.com', env)).toEqual(['busan'])
    expect(staffSites('nobody@example.com', env)).toBeUndefined()
    expect(await checkCredentials('busan@example.com', 'a', env)).toBe('busan@example.com')
  })

  it('accepts the right password and the e-mail in any case', async () => {
    const env = {
      ADMIN_USERS: `admin@example.com:${await hashPassword('pw-right', {N: 1024, r: 8, p: 1})}`,
    }
    expect(await checkCredentials('Admin@Example.com ', 'pw-right', env)).toBe('admin@example.com')
    expect(await checkCredentials('admin@example.com', 'pw-wrong', env)).toBeNull()
    expect(await checkCredentials('nobody@example.com', 'pw-right', env)).toBeNull()
    expect(await checkCredentials('admin@example.com', 'pw-right', {})).toBeNull()
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

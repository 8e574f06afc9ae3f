import {describe, expect, it} from 'vitest'
import {hashPassword, parseHash, verifyPassword} from './password.ts'

const CHEAP = {N: 1024, r: 8, p: 1}

describe('password hashes', () => {
  it('uses scrypt with the default cost and a fresh salt every time', async () => {
    const [a, b] = await Promise.all([hashPassword('비밀번호1234'), hashPassword('비밀번호1234')])
    expect(a).toMatch(/^scrypt\.32768\.8\.1\.[\w-]{22}\.[\w-]{43}$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('비밀번호1234', a)).toBe(true)
    expect(await verifyPassword('비밀번호1234', b)).toBe(true)
  })

  it('refuses a wrong password, a near miss and an empty one', async () => {
    const hash = await hashPassword('correct horse', CHEAP)
    expect(await verifyPassword('correct horse', hash)).toBe(true)
    expect(await verifyPassword('correct hors', hash)).toBe(false)
    expect(await verifyPassword('Correct horse', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it('treats canonically equal Unicode spellings of a Korean password as the same', async () => {
    const composed = '한글암호'
    const hash = await hashPassword(composed, CHEAP)
    expect(await verifyPassword(composed.normalize('NFD'), hash)).toBe(true)
  })

  it('refuses malformed hashes instead of throwing', async () => {
    const hash = await hashPassword('pw', CHEAP)
    const parts = hash.split('.')
    for (const bad of [
      '',
      'plain',
      hash.replace('scrypt', 'bcrypt'),
      [...parts.slice(0, 5), 'short'].join('.'),
      hash.replace('.1024.', '.1000.'),
    ]) {
      expect(parseHash(bad)).toBeNull()
      expect(await verifyPassword('pw', bad)).toBe(false)
    }
  })
})

import {describe, expect, it} from 'vitest'
import {hashPassword} from '#netlify/functions/_shared/auth/password.ts'
import {signInLines} from './start-logins.ts'

const FAST = {N: 1024, r: 8, p: 1}
const generated = {
  email: 'admin@localhost',
  password: 'generated-password',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
}

describe('the sign-in lines of npm start', () => {
  it('prints the generated login when ADMIN_USERS is the generated account', async () => {
    const users = `admin@localhost:${await hashPassword(generated.password, FAST)}`
    expect(await signInLines(users, generated)).toEqual([
      '관리자 로그인: admin@localhost / generated-password',
      '관리자 인증 코드: npm run admin:totp (인증 앱에 등록할 키: JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP)',
    ])
  })

  it('names the code command but not a key that ADMIN_TOTP_SECRET set', async () => {
    const users = `admin@localhost:${await hashPassword(generated.password, FAST)}`
    const {totpSecret, ...withoutKey} = generated
    const lines = await signInLines(users, withoutKey)
    expect(lines).toEqual([
      '관리자 로그인: admin@localhost / generated-password',
      '관리자 인증 코드: npm run admin:totp',
    ])
    expect(lines.join('\n')).not.toContain(totpSecret)
  })

  it('prints the accounts of an ADMIN_USERS that replaces it, without password or hash', async () => {
    const hash = await hashPassword('someone-elses', FAST)
    const users = `boss@example.com:${hash} busan@example.com:${hash}:busan|daegu`
    const lines = await signInLines(users, generated)
    expect(lines).toEqual([
      '로그인할 수 있는 계정 (ADMIN_USERS): boss@example.com (관리자), ' +
        'busan@example.com (상담: busan, daegu)',
      '관리자 인증 코드: npm run admin:totp (인증 앱에 등록할 키: JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP)',
    ])
    expect(lines.join('\n')).not.toContain(hash)
    expect(lines.join('\n')).not.toContain(generated.password)
  })

  it('does not print the generated login when its e-mail has another password', async () => {
    const users = `admin@localhost:${await hashPassword('changed', FAST)}`
    const lines = await signInLines(users, generated)
    expect(lines).toEqual([
      '로그인할 수 있는 계정 (ADMIN_USERS): admin@localhost (관리자)',
      '관리자 인증 코드: npm run admin:totp (인증 앱에 등록할 키: JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP)',
    ])
  })

  it('says so when ADMIN_USERS holds no account that can sign in', async () => {
    const [line] = await signInLines('admin@localhost:plaintext', generated)
    expect(line).toContain('아무도 로그인할 수 없습니다')
    expect(line).not.toContain(generated.password)
  })
})

import {normalizeEmail, parseStaffAccounts} from '#netlify/functions/_shared/auth/admin-users.ts'
import {verifyPassword} from '#netlify/functions/_shared/auth/password.ts'

/**
 * What `npm start` says about signing in, from the ADMIN_USERS the functions run with: the
 * generated local login (with its password) only when that account is among them and its
 * password opens it, else the e-mails that can sign in (never a hash). An ADMIN_USERS of
 * `.env` replaces the generated login, so printing it then would hand out a dead account.
 * The administrators' second factor is ADMIN_TOTP_SECRET: its key is printed when `npm start`
 * generated it (`generated.totpSecret`), never when it was set; `npm run admin:totp` prints
 * the current code either way.
 */
export async function signInLines(
  adminUsers: string | undefined,
  generated: {email: string; password: string; totpSecret?: string},
): Promise<string[]> {
  const accounts = parseStaffAccounts(adminUsers)
  if (accounts.size === 0)
    return [
      '관리자 로그인: ADMIN_USERS에 쓸 수 있는 계정이 없어 아무도 로그인할 수 없습니다 ' +
        '(npm run admin:hash로 만드세요).',
    ]
  const own = accounts.get(normalizeEmail(generated.email))
  const works = own !== undefined && (await verifyPassword(generated.password, own.hash))
  const others = [...accounts]
    .filter(([email]) => !works || email !== normalizeEmail(generated.email))
    .map(([email, {sites}]) => `${email} (${sites ? `상담: ${sites.join(', ')}` : '관리자'})`)
  const administrators = [...accounts.values()].some(({sites}) => sites === null)
  const key = generated.totpSecret ? ` (인증 앱에 등록할 키: ${generated.totpSecret})` : ''
  return [
    ...(works ? [`관리자 로그인: ${generated.email} / ${generated.password}`] : []),
    ...(others.length > 0
      ? [`${works ? '다른 계정' : '로그인할 수 있는 계정'} (ADMIN_USERS): ${others.join(', ')}`]
      : []),
    ...(administrators ? [`관리자 인증 코드: npm run admin:totp${key}`] : []),
  ]
}

/** What a sign-in proved beyond the password: an app's code, a recovery code or a passkey. */
export type SecondFactor = 'totp' | 'recovery' | 'passkey'

/** Why a second factor was refused (each is in the audit log as the refusal's reason). */
export type SecondFactorRefusal =
  | 'bad-code'
  | 'replayed-code'
  | 'used-recovery-code'
  | 'bad-passkey'
  | 'foreign-passkey'
  | 'no-factor'

/**
 * What an administrator's sign-in answers, wherever it is asked: the site's staff pages
 * (`/api/admin/login`, then the second factor) and the Studio's sign-in form on the local
 * Content Lake. The refusals read the same in both. `factor` is null for a password alone.
 */
export type SignInResult =
  | {ok: true; email: string; factor: SecondFactor | null}
  | {ok: false; reason: 'invalid' | SecondFactorRefusal}
  | {ok: false; reason: 'locked' | 'limited'; retryAfterS: number}

const SECOND_FACTOR_REFUSALS: Record<SecondFactorRefusal, string> = {
  'bad-code': '인증 코드가 올바르지 않습니다. 인증 앱에 지금 보이는 6자리 코드를 입력해 주세요.',
  'replayed-code':
    '이미 사용한 인증 코드입니다. 인증 앱에 새 코드가 나타나면 그 코드를 입력해 주세요.',
  'used-recovery-code':
    '이미 사용한 복구 코드입니다. 사용하지 않은 다른 복구 코드를 입력해 주세요.',
  'bad-passkey': '패스키를 확인하지 못했습니다. 다시 시도해 주세요.',
  'foreign-passkey': '이 계정에 등록된 패스키가 아닙니다. 이 계정의 패스키로 인증해 주세요.',
  'no-factor':
    '2단계 인증이 등록되지 않은 계정입니다. 상담 관리 화면(/admin/leads)에서 먼저 등록해 주세요.',
}

/** The Korean text of a refused sign-in. */
export function signInRefusal(result: Exclude<SignInResult, {ok: true}>): string {
  if (result.reason === 'invalid') return '이메일 또는 비밀번호가 올바르지 않습니다.'
  if (result.reason === 'limited') return '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.'
  if (result.reason === 'locked')
    return (
      '로그인에 여러 번 실패하여 잠시 잠겼습니다. ' +
      `${Math.ceil(result.retryAfterS / 60)}분 후에 다시 시도해 주세요.`
    )
  return SECOND_FACTOR_REFUSALS[result.reason]
}

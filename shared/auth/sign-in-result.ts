/**
 * What an administrator's sign-in answers, wherever it is asked: the site's staff pages
 * (`/api/admin/login`) and the Studio's sign-in form on the local Content Lake. The
 * refusals read the same in both.
 */
export type SignInResult =
  | {ok: true; email: string}
  | {ok: false; reason: 'invalid'}
  | {ok: false; reason: 'locked' | 'limited'; retryAfterS: number}

/** The Korean text of a refused sign-in. */
export function signInRefusal(result: Exclude<SignInResult, {ok: true}>): string {
  if (result.reason === 'invalid') return '이메일 또는 비밀번호가 올바르지 않습니다.'
  if (result.reason === 'limited') return '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.'
  return (
    '로그인에 여러 번 실패하여 잠시 잠겼습니다. ' +
    `${Math.ceil(result.retryAfterS / 60)}분 후에 다시 시도해 주세요.`
  )
}

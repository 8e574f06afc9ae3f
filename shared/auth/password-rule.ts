/*
 * The staff password rule: at least 10 characters (the safety measures' rule for passwords of
 * one kind of character), at most 128, not one of the passwords people use most, and not the
 * e-mail's name. The length is checked on the page as the person types; the list, which is
 * large, only by the functions (netlify/functions/_shared/staff-accounts/password-check.ts).
 */

export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 128

export const PASSWORD_MESSAGES = {
  missing: '비밀번호를 입력해 주세요.',
  short: `비밀번호는 ${PASSWORD_MIN_LENGTH}자 이상으로 정해 주세요.`,
  long: `비밀번호는 ${PASSWORD_MAX_LENGTH}자까지 쓸 수 있습니다.`,
  common: '많이 쓰이는 비밀번호라 쓸 수 없습니다. 남이 짐작하기 어려운 비밀번호로 정해 주세요.',
  email: '이메일 주소가 들어간 비밀번호는 쓸 수 없습니다.',
  mismatch: '두 비밀번호가 같지 않습니다. 다시 확인해 주세요.',
} as const

/** Characters as a person counts them (a Hangul syllable or an emoji is one). */
export const passwordLength = (password: string): number => [...password.normalize('NFC')].length

/** The length rule's refusal, or null. */
export function passwordLengthProblem(password: string): string | null {
  if (password === '') return PASSWORD_MESSAGES.missing
  const length = passwordLength(password)
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.short
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.long
  return null
}

/*
 * The words of the privacy page's structured parts, shared by the Studio's schema (its choices
 * and checks) and the page that renders them.
 */

/**
 * Every kind of data the site keeps, each of which the privacy page must give a retention:
 * what the database holds about visitors (docs/visitors-rights.md).
 */
export const DATA_KINDS = {
  leads: '등록 정보',
  visits: '방문 예약',
  texts: '문자 발송 기록',
  refusals: '광고 문자 수신거부 기록',
  consents: '동의 기록',
  access: '접근 기록',
  requests: '내 정보 확인·삭제 요청 기록',
  codes: '본인 확인 인증번호',
} as const
export type DataKind = keyof typeof DATA_KINDS

/** The rights a visitor has over their data (개인정보 보호법 제35–37조), and the consent's withdrawal. */
export const PRIVACY_RIGHTS = {
  access: '열람',
  correction: '정정·삭제',
  suspension: '처리정지',
  withdrawal: '동의 철회',
} as const
export type PrivacyRight = keyof typeof PRIVACY_RIGHTS

/** The id of the privacy page's 내 정보 확인·삭제 form, which every right's link opens. */
export const MY_INFO_ANCHOR = 'my-info'

/** The kinds of `wanted` that `entries` lacks, and those it names more than once. */
export function coverage<K extends string>(
  wanted: readonly K[],
  entries: ReadonlyArray<string | undefined>,
): {missing: K[]; repeated: K[]} {
  const count = (key: K) => entries.filter((entry) => entry === key).length
  return {
    missing: wanted.filter((key) => count(key) === 0),
    repeated: wanted.filter((key) => count(key) > 1),
  }
}

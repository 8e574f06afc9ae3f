/*
 * A text provider's error as an administrator reads it: what went wrong and what to check,
 * in Korean. The provider's own words stay beside it for whoever contacts the provider.
 */

const WORDS: ReadonlyArray<[RegExp, string]> = [
  [/balance|잔액|point|cash/i, '문자 서비스의 잔액이 부족합니다. SOLAPI 계정에 충전해 주세요.'],
  [
    /sender|발신/i,
    '발신번호가 등록되지 않았거나 쓸 수 없습니다. SOLAPI에 등록한 발신번호를 확인해 주세요.',
  ],
  [
    /^HTTP 40[13]\b/,
    '문자 서비스가 인증을 거절했습니다. API 키와 비밀키(SOLAPI_API_KEY, SOLAPI_API_SECRET)를 확인해 주세요.',
  ],
  [/^HTTP 429\b/, '문자 서비스가 요청이 너무 많다며 잠시 받지 않았습니다.'],
  [/^HTTP 5\d\d\b/, '문자 서비스 쪽에 장애가 있습니다. 잠시 뒤 다시 보냅니다.'],
  [/응답 시간 초과|timeout/i, '문자 서비스가 제때 응답하지 않았습니다.'],
  [/fetch failed|ECONN|ENOTFOUND|EAI_AGAIN|network/i, '문자 서비스에 연결하지 못했습니다.'],
]

/** The provider's error `raw` in Korean words. */
export function providerErrorWords(raw: string): string {
  return WORDS.find(([pattern]) => pattern.test(raw))?.[1] ?? '문자 서비스가 발송을 거절했습니다.'
}

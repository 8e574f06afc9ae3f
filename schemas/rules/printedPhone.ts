/**
 * Korean phone numbers as printed on a brochure: representative numbers (15xx/16xx/18xx-xxxx),
 * Seoul (02-xxx(x)-xxxx), area and mobile numbers (0xx-xxx(x)-xxxx).
 */
export const KOREAN_PHONE_PATTERN =
  /^(?:1[5-9]\d{2}-\d{4}|02-\d{3,4}-\d{4}|0[3-9]\d-\d{3,4}-\d{4}|01[016789]-\d{3,4}-\d{4})$/

export function isKoreanPhone(value: string): boolean {
  return KOREAN_PHONE_PATTERN.test(value)
}

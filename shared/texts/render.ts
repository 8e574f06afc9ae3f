/**
 * Texts to visitors: the kinds, the variables editors write in the Studio's templates
 * (`#{이름}`), rendering, and the length a Korean carrier counts. Pure: the functions
 * render with it and the Studio's template input previews with it.
 */

export const TEXT_KINDS = [
  'confirmation',
  'acknowledgement',
  'reminder',
  'cancelled',
  'moved',
  'advert',
  'no-show',
] as const
export type TextKind = (typeof TEXT_KINDS)[number]

/** The Studio's field of a kind's template: the kind in camelCase, as a field name has no hyphen. */
export const templateField = (kind: TextKind): string =>
  kind.replace(/-(\p{Ll})/gu, (_, letter: string) => letter.toUpperCase())

/**
 * The outbox also carries the staff's alerts of new leads: written by the functions, not
 * from a Studio template.
 */
export const STAFF_ALERT_KIND = 'staff-alert'
/**
 * The offer of a freed seat to the first on a slot's waiting list: written by the functions
 * (its deadline is part of it), not from a Studio template.
 */
export const WAITLIST_OFFER_KIND = 'waitlist-offer'
/**
 * The reminder, every two years, that a marketing consent stands: written by the functions
 * (the law says what it holds), not from a Studio template.
 */
export const CONSENT_REMINDER_KIND = 'consent-reminder'
/**
 * The code that proves a visitor holds the number, and staff's answer to a visitor's request
 * about their data: written by the functions (docs/visitors-rights.md).
 */
export const VERIFICATION_KIND = 'verification'
export const REQUEST_ANSWER_KIND = 'request-answer'
export type OutboxKind =
  | TextKind
  | typeof STAFF_ALERT_KIND
  | typeof WAITLIST_OFFER_KIND
  | typeof CONSENT_REMINDER_KIND
  | typeof VERIFICATION_KIND
  | typeof REQUEST_ANSWER_KIND

export const TEXT_VARIABLES = [
  '이름',
  '일시',
  '주소',
  '지도',
  '링크',
  '접수번호',
  '단지',
  '잔여',
  '수신거부',
] as const
export type TextVariable = (typeof TEXT_VARIABLES)[number]
/**
 * The values a visitor's text is rendered with: the templates' variables and the address of
 * the visitor's data page (`내정보`), which no template writes: every text ends with it
 * (withDataLink).
 */
export type TextValues = Record<TextVariable, string> & {내정보: string}

/** What each variable stands for, as the Studio explains it to editors. */
export const VARIABLE_DESCRIPTIONS: Record<TextVariable, string> = {
  이름: '방문객 이름',
  일시: '방문 날짜와 시간',
  주소: '견본주택 주소',
  지도: '견본주택 지도 링크',
  링크: '방문객 링크 (예약 확인·변경과 잔여 세대, 취소된 예약은 다시 예약하는 길, 예약이 없으면 등록 확인, 광고 수신 동의 확인)',
  접수번호: '접수번호',
  단지: '현장(사이트) 이름',
  잔여: '타입별 잔여 세대 (마지막 게시 기준)',
  수신거부: '무료 수신거부 방법 (080 번호, 없으면 방문객 링크)',
}

/** The variables a template of each kind must contain: without them the text misses its point. */
export const REQUIRED_VARIABLES: Record<TextKind, readonly TextVariable[]> = {
  confirmation: ['일시', '링크'],
  // The link is the only way the number's owner confirms a ticked marketing consent.
  acknowledgement: ['주소', '링크'],
  reminder: ['일시', '링크'],
  // The link leads from the cancelled visit to booking again.
  cancelled: ['일시', '링크'],
  moved: ['일시', '링크'],
  // The law on advertising texts asks for the sender and a free way to refuse.
  advert: ['단지', '잔여', '수신거부'],
  // The link leads from the visit missed to booking again.
  'no-show': ['일시', '링크'],
}

/** Every advertising text starts so (정보통신망법 제50조). */
export const ADVERT_PREFIX = '(광고)'

/** Values of the Studio's preview: as long as real ones, so the byte count is honest. */
export const SAMPLE_VALUES: TextValues = {
  이름: '홍길동',
  일시: '11월 27일(금) 14:00',
  주소: '울산광역시 남구 삼산로 123',
  지도: 'https://naver.me/5kqQ2Xbz',
  링크: 'https://soldam.co.kr/ulsan-lakepark/visit/q3Zt0Yk1mP8sXw2bR7cLdA9fHn4uVe6jTg5oKi0aB1Q',
  접수번호: 'R-20261126-7Q2K',
  단지: '솔담 레이크파크',
  잔여: '84A 잔여 3세대, 84B 마감, 84C 잔여 9세대 (11월 26일 기준)',
  수신거부: '무료수신거부 080-123-4567',
  내정보: 'https://soldam.co.kr/ulsan-lakepark/my-info/q3Zt0Yk1mP8sXw2bR7cLdA9fHn4uVe6jTg5oKi0aB1Q',
}

/**
 * Every text to a visitor but the code itself ends with the way to their data page, where
 * they see, correct or erase what is kept about them (개인정보 보호법 제35–37조): one line,
 * added by the functions, so no template can leave it out.
 */
export const withDataLink = (text: string, url: string): string =>
  `${text}\n내 정보 확인·삭제: ${plainValue(url)}`

/** A template rendered as the phone gets it: the values in, the data page's line after. */
export const renderVisitorText = (template: string, values: TextValues): string =>
  withDataLink(renderText(template, values), values.내정보)

/** Korean carriers take a text of at most 90 bytes as an SMS; a longer one goes as an LMS. */
export const SMS_MAX_BYTES = 90
/** An LMS carries at most 2,000 bytes. */
export const LMS_MAX_BYTES = 2000

const VARIABLE = /#\{([^{}]*)\}/g

/**
 * The template with every known `#{변수}` replaced by its plain value, in one pass: a value
 * is never read as a template itself (a name written `#{링크}` stays that text), and
 * unknown variables stay as written, which the Studio's validation reports.
 */
export function renderText(template: string, values: TextValues): string {
  return template.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(values, name) ? plainValue(values[name as TextVariable]) : whole,
  )
}

/**
 * A value as a text may carry it: without control and format characters (Unicode Cc, Cf:
 * line breaks, bidi overrides, zero-width marks), which could hide or reorder what the
 * phone shows. Registration refuses such names already; this holds for every value,
 * whatever stored it.
 */
export const plainValue = (value: string): string => value.replace(/[\p{Cc}\p{Cf}]/gu, '')

/** The names inside `#{…}` that are not variables. */
export function unknownVariables(template: string): string[] {
  const names = [...template.matchAll(VARIABLE)].map((match) => match[1]!)
  return [...new Set(names.filter((name) => !(TEXT_VARIABLES as readonly string[]).includes(name)))]
}

/** The required variables of `kind` the template lacks. */
export function missingVariables(template: string, kind: TextKind): TextVariable[] {
  return REQUIRED_VARIABLES[kind].filter((name) => !template.includes(`#{${name}}`))
}

/**
 * What is wrong with a template of `kind`, in the Studio's words, or null: an unknown or
 * missing variable, an advert without its prefix, a text over an LMS's length.
 */
export function templateProblem(template: string, kind: TextKind): string | null {
  const unknown = unknownVariables(template)
  if (unknown.length > 0) return `없는 값입니다: ${unknown.map((name) => `#{${name}}`).join(', ')}`
  const missing = missingVariables(template, kind)
  if (missing.length > 0)
    return `꼭 넣어야 하는 값이 빠졌습니다: ${missing.map((name) => `#{${name}}`).join(', ')}`
  if (kind === 'advert' && !template.startsWith(ADVERT_PREFIX))
    return `광고 문자는 맨 앞이 ${ADVERT_PREFIX}로 시작해야 합니다.`
  if (textBytes(withDataLink(template, SAMPLE_VALUES.내정보)) > LMS_MAX_BYTES)
    return `문자는 끝에 붙는 내 정보 링크까지 ${LMS_MAX_BYTES}바이트(한글 약 1,000자)를 넘을 수 없습니다.`
  return null
}

/**
 * The length carriers bill, as in EUC-KR: one byte for ASCII, two for Hangul and any
 * other character (a character EUC-KR lacks, such as an emoji, is counted as two too).
 */
export function textBytes(text: string): number {
  let bytes = 0
  for (const char of text) bytes += char.codePointAt(0)! < 0x80 ? 1 : 2
  return bytes
}

export type TextType = 'SMS' | 'LMS'

export const textType = (text: string): TextType =>
  textBytes(text) <= SMS_MAX_BYTES ? 'SMS' : 'LMS'

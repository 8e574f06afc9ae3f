/**
 * Every Korean message of the registration endpoint, by code. Pure data with no
 * server dependencies, so the forms and the no-JavaScript result page can import the
 * very same texts: the 303 redirect carries only these codes, never free text, so a
 * crafted link cannot make the result page say anything we did not write.
 */
import {withParticle} from '../korean-particles.ts'

export const FIELD_MESSAGES = {
  name: {
    required: '이름을 입력해 주세요.',
    tooLong: '이름은 30자 이내로 입력해 주세요.',
    invalid:
      '이름에는 인터넷 주소, 긴 숫자, 보이지 않는 특수 문자를 넣을 수 없습니다. 이름만 입력해 주세요.',
  },
  phone: {
    required: '연락처를 입력해 주세요.',
    invalid: '연락처 형식을 확인해 주세요. 예) 010-1234-5678',
  },
  message: {
    tooLong: '문의 내용은 1,000자 이내로 입력해 주세요.',
    invalid: '문의 내용을 확인해 주세요.',
  },
  consent: {
    required: '[필수] 개인정보 수집 및 이용에 동의해 주세요.',
  },
  marketingConsent: {
    invalid: '마케팅 정보 수신 동의 값이 올바르지 않습니다.',
  },
  source: {
    invalid: '접수 경로가 올바르지 않습니다.',
  },
  site: {
    unknown: '존재하지 않는 현장입니다.',
  },
  visitAt: {
    /** A waiting-list join is for a time: it cannot go without one. */
    required: '대기 신청할 방문 시간을 선택해 주세요.',
    invalid: '방문 시간을 목록에서 다시 선택해 주세요.',
    past: '이미 지난 시간입니다. 다른 시간을 선택해 주세요.',
    cutoff: '예약 마감 시간이 지났습니다. 다른 시간을 선택해 주세요.',
    beyond: '아직 예약을 받지 않는 날짜입니다. 예약 가능 기간 안에서 선택해 주세요.',
    closed: '견본주택 휴관일입니다. 다른 날짜를 선택해 주세요.',
    offGrid: '예약할 수 없는 시간입니다. 목록에 있는 시간 중에서 선택해 주세요.',
    unavailable: '이 현장은 방문 시간 예약을 받지 않습니다. 문의를 남겨 주시면 연락드리겠습니다.',
    full: '선택하신 시간이 마감되었습니다. 다른 시간을 선택해 주세요.',
    same: '지금 예약된 시간과 같습니다. 다른 시간을 선택해 주세요.',
  },
} as const

export type LeadField = keyof typeof FIELD_MESSAGES
export type FieldCode<F extends LeadField = LeadField> = F extends LeadField
  ? keyof (typeof FIELD_MESSAGES)[F]
  : never
export type FieldCodes = {[F in LeadField]?: FieldCode<F>}

export const REGISTER_MESSAGES = {
  invalid: '입력 내용을 확인해 주세요.',
  tooLarge: '요청 내용이 너무 큽니다.',
  unsupported: 'JSON 형식(application/json)이나 폼 형식으로 보내 주세요.',
  malformed: '요청 형식이 올바르지 않습니다.',
  keyReused:
    '이 요청 키로 다른 내용이 이미 접수되었습니다. 페이지를 새로 고친 뒤 다시 보내 주세요.',
  /** The 409 of a full slot; the no-JavaScript result page shows it for `status=full`. */
  full: FIELD_MESSAGES.visitAt.full,
  /** Accepted without the time asked for: the number holds a coming visit, its link was texted. */
  visitHeld:
    '이미 예약하신 방문이 있어 새 시간은 잡지 않았습니다. 예약 확인·변경 링크를 등록하신 번호로 다시 보내 드렸습니다.',
  /** The same, when the link could not be texted again (the number's texts for today are spent). */
  visitHeldUnsent:
    '이미 예약하신 방문이 있어 새 시간은 잡지 않았습니다. 예약 확인·변경은 먼저 받으신 문자의 링크에서 해 주세요.',
} as const

/** Why a registration booked no visit though it asked for a time: the codes of its answer. */
export type VisitHeld = 'resent' | 'unsent'
export const VISIT_HELD_MESSAGES: Record<VisitHeld, string> = {
  resent: REGISTER_MESSAGES.visitHeld,
  unsent: REGISTER_MESSAGES.visitHeldUnsent,
}

/** The Korean text for a field's error code (unknown codes get a generic text). */
export function fieldMessage(field: string, code: string): string {
  const texts = (FIELD_MESSAGES as Record<string, Record<string, string> | undefined>)[field]
  return texts?.[code] ?? REGISTER_MESSAGES.invalid
}

/** Field codes to Korean messages, one message per field (the 400 answer's `fields`). */
export function fieldMessages(codes: FieldCodes): Record<string, string> {
  return Object.fromEntries(
    Object.entries(codes).map(([field, code]) => [field, fieldMessage(field, String(code))]),
  )
}

/** '3분' / '45초': how long to wait, in the words of the 429 answer. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds))
  return s < 60 ? `${s}초` : `${Math.ceil(s / 60)}분`
}

/** The 429 text: how long to wait and, when the site has one, the phone line instead. */
export function rateLimitedMessage(retryAfterS: number, phone: string | null): string {
  const wait = `등록 요청이 너무 많습니다. ${waitText(retryAfterS)} 후에 다시 시도`
  return phone
    ? `${wait}하시거나 ${withParticle(`대표번호(${phone})`, '으로/로')} 전화해 주세요.`
    : `${wait}해 주세요.`
}

/** The 503 text: the lead could not be stored, so the visitor is offered the phone line. */
export function unavailableMessage(phone: string | null): string {
  return phone
    ? '일시적인 장애로 접수하지 못했습니다. 잠시 후 다시 ' +
        `시도하시거나 대표번호 ${withParticle(phone, '으로/로')} 전화해 주세요.`
    : '일시적인 장애로 접수하지 못했습니다. 잠시 후 다시 시도하시거나 상담 전화로 문의해 주세요.'
}

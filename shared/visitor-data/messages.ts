import {waitText} from '#shared/leads/messages.ts'
import {
  CODE_MINUTES,
  CODE_TRIES,
  REQUEST_BODY_MAX,
  ANSWER_MAX,
  type StaffRequestKind,
} from './contract.ts'

/**
 * Every Korean message of the visitor's data endpoints and staff's 요청 처리: each refusal
 * says what to do next, and none says whether a number is known on a site.
 */
export const VISITOR_MESSAGES = {
  unsupported: 'JSON 형식(application/json)으로 보내 주세요.',
  notObject: '요청 형식이 올바르지 않습니다.',
  siteRequired: '현장을 선택해 주세요.',
  unknownSite: '존재하지 않는 현장입니다.',
  phoneRequired: '휴대전화 번호를 입력해 주세요.',
  phoneInvalid: '휴대전화 번호 형식을 확인해 주세요. 예) 010-1234-5678',
  notMobile:
    '인증번호는 휴대전화로만 받으실 수 있습니다. 일반 전화번호로 등록하셨다면 대표번호로 연락 주세요.',
  link: '링크를 확인할 수 없습니다. 문자로 받으신 링크를 다시 열어 주세요.',
  codeFormat: `인증번호 숫자 6자리를 입력해 주세요.`,
  codeNone: '인증번호를 먼저 받아 주세요.',
  codeExpired: `인증번호 유효 시간(${CODE_MINUTES}분)이 지났습니다. 인증번호를 다시 받아 주세요.`,
  codeUsed: '이미 사용한 인증번호입니다. 인증번호를 다시 받아 주세요.',
  codeTries: `인증번호를 ${CODE_TRIES}번 잘못 입력하셨습니다. 인증번호를 다시 받아 주세요.`,
  sessionMissing: '본인 확인이 필요합니다. 인증번호를 받아 확인해 주세요.',
  sessionEnded: '본인 확인 시간이 지났습니다. 인증번호를 다시 받아 확인해 주세요.',
  samePhone: '지금 등록된 번호와 같은 번호입니다. 바꾸실 번호를 입력해 주세요.',
  phoneTaken:
    '이 현장에 이미 등록된 번호라 이 번호로 바꿀 수 없습니다. 그 번호로 본인 확인을 하시거나 대표번호로 연락 주세요.',
  nothingKept: '이 번호로 남아 있는 등록 정보가 없습니다.',
  kindRequired: '요청 종류를 선택해 주세요.',
  bodyRequired: '요청 내용을 적어 주세요.',
  bodyTooLong: `요청 내용은 ${REQUEST_BODY_MAX.toLocaleString('ko-KR')}자 이내로 적어 주세요.`,
  busy: '다른 변경을 처리하는 중이라 삭제하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  unavailable: '일시적인 장애로 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const

export const codeWrong = (triesLeft: number): string =>
  triesLeft > 0
    ? `인증번호가 맞지 않습니다. 다시 확인해 주세요. (${triesLeft}번 더 입력하실 수 있습니다)`
    : VISITOR_MESSAGES.codeTries

/** The 429 of a number asked for too often: a wait of up to an hour, said as people say it. */
export const phoneLimited = (retryAfterS: number): string =>
  `이 번호로 인증번호를 너무 자주 요청하셨습니다. ${retryAfterS > 3540 ? '1시간' : waitText(retryAfterS)} 후에 다시 받아 주세요.`

/** The 429 of an address asking for too many codes. */
export const addressLimited = (retryAfterS: number): string =>
  `인증번호 요청이 너무 많습니다. ${waitText(retryAfterS)} 후에 다시 시도해 주세요.`

/** What the staff's 요청 처리 refuses. */
export const STAFF_REQUEST_MESSAGES = {
  notObject: '답변 내용을 {"answer": "…"} 형식으로 보내 주세요.',
  answerRequired: '답변 내용을 적어 주세요.',
  answerTooLong: `답변은 ${ANSWER_MAX}자 이내로 적어 주세요.`,
  missing: '요청을 찾을 수 없습니다. 목록을 새로 고쳐 확인해 주세요.',
  answered: '이미 답변한 요청입니다.',
  closed: '방문객이 정보를 모두 삭제해 종료된 요청입니다.',
  status: '상태(status)는 open 또는 all로 지정해 주세요.',
  unavailable: '일시적인 장애로 요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const

/** What a visitor may ask staff for, as the data page offers it. */
export const STAFF_KIND_HINTS: Record<StaffRequestKind, string> = {
  'other-channel': '전화·방문 상담, 다른 광고 매체 등 이 페이지에 없는 경로로 드린 정보',
  objection: '개인정보 처리를 멈추어 달라는 요청이나 처리 방식에 대한 이의',
  other: '그 밖에 개인정보에 관해 요청하실 내용',
}

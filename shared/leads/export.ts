/**
 * The rules of an export of leads, run by the staff's dialog before sending and by the
 * endpoints on what arrives: the purpose it is for, the columns it carries and the password
 * of its encrypted file. Pure constants and checks: the staff screen imports them too.
 */
import {looksEmpty} from '../invisible.ts'
import {ATTRIBUTION_FIELDS} from './lead.ts'
import type {FieldErrors} from '../field-errors.ts'

/**
 * The columns a file may carry, in the order the file has them, each with its header. The
 * person's name and phone number are columns like the others: a file for a report needs
 * neither.
 */
export const EXPORT_COLUMNS = [
  {key: 'receipt', label: '접수번호'},
  {key: 'createdAt', label: '접수일시'},
  {key: 'site', label: '현장'},
  {key: 'source', label: '경로'},
  {key: 'stage', label: '상태'},
  {key: 'owner', label: '담당자'},
  {key: 'name', label: '이름'},
  {key: 'phone', label: '연락처'},
  {key: 'visitAt', label: '방문 예약 일시'},
  {key: 'visitStatus', label: '방문 예약 상태'},
  {key: 'lastContactAt', label: '마지막 연락'},
  {key: 'callbackAt', label: '재통화 예정'},
  {key: 'notes', label: '메모'},
  {key: 'message', label: '문의내용'},
  {key: 'consent', label: '개인정보 수집·이용 동의'},
  {key: 'consentVersion', label: '동의한 안내문 버전'},
  {key: 'marketingConsent', label: '마케팅 수신 동의'},
  {key: 'utmSource', label: '유입 매체(utm_source)'},
  {key: 'utmMedium', label: '유입 방식(utm_medium)'},
  {key: 'utmCampaign', label: '캠페인(utm_campaign)'},
  {key: 'utmTerm', label: '키워드(utm_term)'},
  {key: 'utmContent', label: '광고 소재(utm_content)'},
  {key: 'landingPath', label: '첫 방문 페이지'},
  {key: 'referrerHost', label: '이전 사이트'},
  {key: 'deliveryStatus', label: '전달 상태'},
  {key: 'deliveryAttempts', label: '전달 시도'},
  {key: 'lastError', label: '마지막 오류'},
  {key: 'spam', label: '스팸 사유'},
  {key: 'doubt', label: '확인 필요'},
] as const

export type ExportColumn = (typeof EXPORT_COLUMNS)[number]['key']

const COLUMN_KEYS: readonly string[] = EXPORT_COLUMNS.map((column) => column.key)

export const isExportColumn = (key: string): key is ExportColumn => COLUMN_KEYS.includes(key)

/** The columns as the dialog groups them, so that a person finds what a task needs. */
export const EXPORT_COLUMN_GROUPS: ReadonlyArray<{
  label: string
  columns: readonly ExportColumn[]
}> = [
  {label: '접수', columns: ['receipt', 'createdAt', 'site', 'source']},
  {label: '고객', columns: ['name', 'phone', 'message']},
  {
    label: '상담',
    columns: ['stage', 'owner', 'visitAt', 'visitStatus', 'lastContactAt', 'callbackAt', 'notes'],
  },
  {label: '동의', columns: ['consent', 'consentVersion', 'marketingConsent']},
  {
    label: '유입 경로',
    columns: ATTRIBUTION_FIELDS,
  },
  {
    label: '전달·점검',
    columns: ['deliveryStatus', 'deliveryAttempts', 'lastError', 'spam', 'doubt'],
  },
]

/**
 * The purposes staff usually export for, each with the columns it needs, which the dialog
 * ticks when the purpose is chosen. A purpose is recorded as its words, as a typed one is.
 */
export const EXPORT_PURPOSES: ReadonlyArray<{reason: string; columns: readonly ExportColumn[]}> = [
  {
    reason: '방문 상담 준비',
    columns: ['receipt', 'site', 'name', 'phone', 'visitAt', 'visitStatus', 'owner', 'notes'],
  },
  {
    reason: '재통화·후속 연락',
    columns: ['receipt', 'name', 'phone', 'stage', 'owner', 'lastContactAt', 'callbackAt'],
  },
  {reason: '계약 진행', columns: ['receipt', 'site', 'name', 'phone', 'stage', 'owner', 'notes']},
  {
    reason: '통계·보고',
    columns: [
      'createdAt',
      'site',
      'source',
      'stage',
      'visitStatus',
      'utmSource',
      'utmMedium',
      'utmCampaign',
    ],
  },
  {
    reason: '문의 전달 점검',
    columns: ['receipt', 'createdAt', 'site', 'deliveryStatus', 'deliveryAttempts', 'lastError'],
  },
]

export const REASON_MIN = 2
export const REASON_MAX = 200
/** The file password's length: long enough to resist guessing, short enough to type twice. */
export const FILE_PASSWORD_MIN = 8
export const FILE_PASSWORD_MAX = 64

/** Characters as a person counts them (code points), not UTF-16 units. */
const length = (text: string): number => [...text].length

/** The reason as it is recorded: one line, spaces collapsed, nothing invisible around it. */
export const cleanReason = (text: string): string =>
  text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** Why `reason` (already cleaned) is refused, or null when it states a purpose. */
export function reasonError(reason: string): string | null {
  if (looksEmpty(reason)) return '내려받는 목적을 고르거나 입력해 주세요.'
  const count = length(reason)
  if (count < REASON_MIN || count > REASON_MAX)
    return `목적은 ${REASON_MIN}~${REASON_MAX}자로 입력해 주세요.`
  return null
}

/**
 * The columns asked for, in the file's order without repeats, or why they are refused:
 * none, or one the file does not have.
 */
export function readColumns(
  keys: readonly string[],
): {ok: true; columns: ExportColumn[]} | {ok: false; error: string} {
  if (keys.length === 0) return {ok: false, error: '파일에 담을 항목을 하나 이상 골라 주세요.'}
  const unknown = keys.filter((key) => !isExportColumn(key))
  if (unknown.length > 0)
    return {ok: false, error: `알 수 없는 항목입니다: ${unknown.slice(0, 5).join(', ')}`}
  return {ok: true, columns: EXPORT_COLUMNS.map((c) => c.key).filter((key) => keys.includes(key))}
}

/**
 * What a file password must be: 8–64 printable ASCII characters (a Korean password typed on
 * another keyboard layout, or encoded otherwise by an unzip tool, would not open the file)
 * of at least two kinds among letters, digits and symbols, and the same twice.
 */
export function filePasswordErrors(password: string, confirmation: string): FieldErrors {
  const errors: FieldErrors = {}
  if (!/^[\x20-\x7e]*$/.test(password))
    errors.password = '파일 암호는 영문, 숫자, 기호로만 입력해 주세요.'
  else if (password.length < FILE_PASSWORD_MIN || password.length > FILE_PASSWORD_MAX)
    errors.password = `파일 암호는 ${FILE_PASSWORD_MIN}~${FILE_PASSWORD_MAX}자로 입력해 주세요.`
  else if ([/[A-Za-z]/, /\d/, /[^A-Za-z\d]/].filter((kind) => kind.test(password)).length < 2)
    errors.password = '파일 암호에 영문, 숫자, 기호 중 두 가지 이상을 섞어 주세요.'
  if (!errors.password && password !== confirmation)
    errors.passwordConfirm = '암호 확인이 파일 암호와 다릅니다.'
  return errors
}

/** The file's name, in Korean with the Seoul date (`YYYYMMDD`): `문의목록-20261130.zip`. */
export const exportFileName = (pile: 'lead' | 'spam', day: string, extension: 'csv' | 'zip') =>
  `${pile === 'spam' ? '스팸문의' : '문의목록'}-${day}.${extension}`

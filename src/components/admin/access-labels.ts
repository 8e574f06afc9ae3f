import type {AccessFlag, AccessItem} from '#shared/access/access-record.ts'

/** The words the 접속기록 점검 view reads for the record's values. */

export const FLAG_LABELS: Record<AccessFlag, string> = {
  download: '다운로드',
  bulk: '대량 열람',
  night: '야간 접속',
  'new-address': '새 접속 주소',
  refused: '거부된 요청',
}

const REFUSALS: Record<string, string> = {
  'no-token': '로그인 없이 요청',
  'bad-token': '유효하지 않은 로그인',
  'session-ended': '끝난 로그인으로 요청',
  'cross-site': '다른 사이트에서 보낸 요청',
  site: '볼 수 없는 현장',
  role: '관리자 전용 화면',
  'plain-export': '암호 없는 CSV (관리자 전용)',
}

/** Why a request was refused, in words (an unknown reason as it was recorded). */
export const refusalLabel = (reason: string): string => REFUSALS[reason] ?? reason

/** The account, or the words for a refused request that named none. */
export const actorLabel = (actor: string): string =>
  actor === 'unknown' ? '확인되지 않은 사용자' : actor

const SCREENS: Array<[RegExp, string]> = [
  [/^\/api\/admin\/leads$/, '문의 목록'],
  [/^\/api\/admin\/leads\.csv$/, 'CSV 내려받기'],
  [/^\/api\/admin\/leads\.zip$/, '암호 ZIP 내려받기'],
  [/^\/api\/admin\/today$/, '오늘'],
  [/^\/api\/admin\/leads\/[^/]+$/, '문의 상세'],
  [/^\/api\/admin\/leads\/[^/]+\/calls$/, '통화 결과'],
  [/^\/api\/admin\/leads\/[^/]+\/owner$/, '담당자'],
  [/^\/api\/admin\/leads\/[^/]+\/visit$/, '방문 예약'],
  [/^\/api\/admin\/leads\/[^/]+\/resend$/, '다시 보내기'],
  [/^\/api\/admin\/visits$/, '방문 일정'],
  [/^\/api\/admin\/visits\/check-in$/, '방문 확인'],
  [/^\/api\/admin\/visits\/no-show$/, '노쇼 표시'],
  [/^\/api\/admin\/visits\/walk-in$/, '현장 방문 등록'],
  [/^\/api\/admin\/messages$/, '문자 발송함'],
  [/^\/api\/admin\/refusals$/, '광고 수신 거부 등록'],
  [/^\/api\/admin\/stats$/, '대시보드'],
  [/^\/api\/admin\/access-log$/, '접속기록'],
  [/^\/api\/admin\/access-review$/, '접속기록 점검'],
]

/** The screen or action of the workspace a request came from (its path when unknown). */
export const screenOf = (path: string): string =>
  SCREENS.find(([pattern]) => pattern.test(path))?.[1] ?? path

/** A filter's names in words, in the order they are read (a period first). */
const FILTER_NAMES: Record<string, string> = {
  month: '월',
  days: '일수',
  site: '현장',
  stage: '진행 단계',
  status: '전달 상태',
  source: '접수 경로',
  campaign: '캠페인',
  q: '검색어',
  spam: '스팸',
  mine: '내 리드',
  actor: '직원',
  task: '작업',
  columns: '항목',
  format: '형식',
}
const FILTER_ORDER = Object.keys(FILTER_NAMES)

/** A filter in words: its period as `from~to`, then each value by its name. */
function filterText(filter: Record<string, string>): string {
  const {from, to, ...rest} = filter
  const period = from || to ? [`기간 ${from ?? ''}~${to ?? ''}`] : []
  const rank = (name: string) => {
    const index = FILTER_ORDER.indexOf(name)
    return index < 0 ? FILTER_ORDER.length : index
  }
  const named = Object.entries(rest)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, value]) => `${FILTER_NAMES[name] ?? name} ${value}`)
  return [...period, ...named].join(', ')
}

/**
 * Whose data a request touched, in words: the leads by receipt (an erased one as such), or
 * a list's filter and how many it held, or a number.
 */
export function subjectText({subject, receipts}: Pick<AccessItem, 'subject' | 'receipts'>): string {
  const parts: string[] = []
  if (subject.leads?.length)
    parts.push(receipts.map((receipt) => receipt ?? '삭제된 문의').join(', '))
  if (subject.phone) parts.push(`번호 ${subject.phone}`)
  if (subject.filter && Object.keys(subject.filter).length > 0)
    parts.push(`조건 ${filterText(subject.filter)}`)
  if (subject.count !== undefined) parts.push(`${subject.count.toLocaleString('ko-KR')}건`)
  return parts.join(' · ')
}

/** 'YYYY-MM' as 'YYYY년 M월'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-')
  return `${year}년 ${Number(number)}월`
}

/*
 * The words the data page uses for what is kept: the visitor's own words, not the staff's
 * (a visitor reads 예약 확정 안내 where staff read 예약 확인).
 */

export const TEXT_LABELS: Readonly<Record<string, string>> = {
  confirmation: '예약 확정 안내',
  acknowledgement: '등록 접수 안내',
  reminder: '방문 전날 안내',
  cancelled: '예약 취소 안내',
  moved: '예약 변경 안내',
  advert: '광고(분양 소식)',
  'no-show': '방문 시간 경과 안내',
  'waitlist-offer': '대기 자리 안내',
  verification: '인증번호',
  'request-answer': '요청 답변',
  'consent-reminder': '수신 동의 확인 안내',
}

export const TEXT_STATUS_LABELS: Readonly<Record<string, string>> = {
  queued: '보낼 예정',
  sent: '보냄',
  kept: '보관(실제로 보내지 않음)',
  failed: '보내지 못함',
  refused: '보내지 않음',
  skipped: '보내지 않음(예약이 바뀜)',
  cancelled: '보내지 않음(수신거부)',
}

export const VISIT_LABELS: Readonly<Record<string, string>> = {
  booked: '예약 확정',
  cancelled: '예약 취소됨',
  waiting: '대기 중',
  offered: '자리 안내받음',
  claimed: '예약으로 확정',
  expired: '대기 끝남',
}

export const ATTRIBUTION_LABELS: Readonly<Record<string, string>> = {
  utmSource: '유입 경로(utm_source)',
  utmMedium: '유입 매체(utm_medium)',
  utmCampaign: '캠페인(utm_campaign)',
  utmTerm: '검색어(utm_term)',
  utmContent: '광고 소재(utm_content)',
  landingPath: '처음 보신 페이지',
  referrerHost: '거쳐 오신 사이트',
}

export const REFUSAL_SOURCE_LABELS: Readonly<Record<string, string>> = {
  staff: '상담 직원에게 요청',
  visitor: '직접 요청',
  '080': '080 수신거부 전화',
}

const dateTime = new Intl.DateTimeFormat('ko-KR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Seoul',
})
const dateOnly = new Intl.DateTimeFormat('ko-KR', {dateStyle: 'long', timeZone: 'Asia/Seoul'})

/** `2026. 11. 26. 오전 9:30`, in Seoul. */
export const formatAt = (iso: string): string => dateTime.format(new Date(iso))

/** A consent's version (the privacy notice's revision time) as the notice's date. */
export const formatVersion = (iso: string | null): string =>
  iso ? `${dateOnly.format(new Date(iso))} 개정 안내문` : '안내문 버전 기록 없음'

import type {
  DeliveryStatus,
  Lead,
  LeadSource,
  LeadDoubt,
  LeadVisit,
  SpamReason,
  TextsWithheld,
  VisitRefused,
} from './lead.ts'

/*
 * The words staff read for a lead's values, the same on the staff page and in the CSV (the
 * stages' words are STAGE_LABELS beside the stages).
 */

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: '전달 대기',
  delivered: '전달 완료',
  failed: '전달 실패(재시도 예정)',
  'not-configured': '전달 주소 미설정',
  held: '보류(스팸)',
  'preview-held': '보류(미리보기 배포, 전달하지 않음)',
}
export const SOURCE_LABELS: Record<LeadSource, string> = {
  popup: '팝업',
  customer: '관심고객 등록',
  home: '홈 방문예약',
  'walk-in': '현장 방문',
}
export const VISIT_STATUS_LABELS: Record<LeadVisit['status'], string> = {
  booked: '예약',
  cancelled: '취소',
}
export const SPAM_LABELS: Record<SpamReason, string> = {
  honeypot: '숨김 항목 입력',
  'too-fast': '너무 빠른 입력',
}
/** A doubt the staff judge: the lead is booked and texted like any other. */
export const DOUBT_LABELS: Record<LeadDoubt, string> = {
  'too-fast': '확인 필요(3초 안에 제출, 자동 입력일 수 있음)',
}
/**
 * The marketing consent as staff may act on it: a tick counts once the number's owner
 * confirmed it through the link texted to the number; until then no advert goes.
 */
export function marketingConsentLabel(
  lead: Pick<Lead, 'marketingConsent' | 'marketingConfirmedAt'>,
): string {
  if (!lead.marketingConsent) return '미동의'
  return lead.marketingConfirmedAt ? '동의' : '동의(본인 확인 전)'
}
export const TEXTS_WITHHELD_LABELS: Record<TextsWithheld, string> = {
  'phone-limit': '문자 미발송(같은 번호 하루 등록 한도 초과)',
}
/** A time asked for and not booked: the visitor keeps the visit their number holds. */
export const VISIT_REFUSED_LABELS: Record<VisitRefused, string> = {
  'existing-visit': '방문 예약 안 함(같은 번호의 예약이 이미 있음, 그 예약 링크를 다시 보냄)',
}

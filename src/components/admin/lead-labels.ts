import type {DeliveryStatus} from './leads-api.ts'

export const STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: '전달 대기',
  delivered: '전달 완료',
  failed: '전달 실패',
  'not-configured': '전달 주소 없음',
  held: '보류(스팸)',
  'preview-held': '보류(미리보기 배포)',
}

export const SOURCE_LABELS: Record<string, string> = {
  popup: '팝업',
  customer: '고객 페이지',
  home: '홈',
}

const timeFormat = new Intl.DateTimeFormat('ko-KR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Seoul',
})

export const formatLeadTime = (iso: string): string => timeFormat.format(new Date(iso))

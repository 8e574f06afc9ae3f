import {kstDateTime} from '#shared/korea-time.ts'
import {
  DELIVERY_STATUS_LABELS,
  DOUBT_LABELS,
  marketingConsentLabel,
  SOURCE_LABELS,
  SPAM_LABELS,
  VISIT_STATUS_LABELS,
  VISIT_REFUSED_LABELS,
} from '#shared/leads/labels.ts'
import {CSV_BOM, csvCell, quoteCell} from '#shared/csv.ts'
import {STAGE_LABELS, type Lead} from '#shared/leads/lead.ts'

/**
 * A phone number as text, so Excel keeps the leading 0 and the hyphens: the formula
 * ="010-1234-5678" evaluates to the text itself. Safe because the number was
 * normalized to digits and hyphens when the lead was taken.
 */
function phoneCell(phone: string): string {
  return quoteCell(/^[\d-]+$/.test(phone) ? `="${phone}"` : `'${phone}`)
}

const HEADER = [
  '접수번호',
  '접수일시',
  '현장',
  '경로',
  '상태',
  '이름',
  '연락처',
  '이메일',
  '방문희망일',
  '방문 예약 일시',
  '방문 예약 상태',
  '문의내용',
  '개인정보 수집·이용 동의',
  '동의한 안내문 버전',
  '마케팅 수신 동의',
  '유입 매체(utm_source)',
  '유입 방식(utm_medium)',
  '캠페인(utm_campaign)',
  '키워드(utm_term)',
  '광고 소재(utm_content)',
  '첫 방문 페이지',
  '이전 사이트',
  '전달 상태',
  '전달 시도',
  '마지막 오류',
  '스팸 사유',
  '확인 필요',
]

function row(lead: Lead): string[] {
  return [
    csvCell(lead.receipt),
    csvCell(kstDateTime(Date.parse(lead.createdAt))),
    csvCell(lead.site),
    csvCell(SOURCE_LABELS[lead.source] ?? lead.source),
    csvCell(STAGE_LABELS[lead.stage] ?? lead.stage),
    csvCell(lead.name),
    phoneCell(lead.phone),
    csvCell(lead.email),
    csvCell(lead.visitDate),
    csvCell(lead.visit ? kstDateTime(Date.parse(lead.visit.start)) : undefined),
    csvCell(
      lead.visit
        ? VISIT_STATUS_LABELS[lead.visit.status]
        : lead.visitRefused
          ? VISIT_REFUSED_LABELS[lead.visitRefused]
          : undefined,
    ),
    csvCell(lead.message),
    lead.consent ? '동의' : '미동의',
    csvCell(lead.consentVersion),
    marketingConsentLabel(lead),
    csvCell(lead.attribution.utmSource),
    csvCell(lead.attribution.utmMedium),
    csvCell(lead.attribution.utmCampaign),
    csvCell(lead.attribution.utmTerm),
    csvCell(lead.attribution.utmContent),
    csvCell(lead.attribution.landingPath),
    csvCell(lead.attribution.referrerHost),
    csvCell(DELIVERY_STATUS_LABELS[lead.delivery.status] ?? lead.delivery.status),
    String(lead.delivery.attempts),
    csvCell(lead.delivery.lastError),
    csvCell(lead.spam ? SPAM_LABELS[lead.spam] : undefined),
    csvCell(lead.doubt ? DOUBT_LABELS[lead.doubt] : undefined),
  ]
}

/** The start of the file: a byte-order mark (so Excel reads Korean as UTF-8) and the header row. */
export const CSV_HEAD = `${CSV_BOM}${HEADER.map(quoteCell).join(',')}\r\n`

/** Rows of leads, each ended by CRLF. */
export function csvRows(leads: readonly Lead[]): string {
  return leads.map((lead) => `${row(lead).join(',')}\r\n`).join('')
}

/** A whole CSV of `leads` (the streamed download writes the same head and rows in parts). */
export function leadsCsv(leads: readonly Lead[]): string {
  return CSV_HEAD + csvRows(leads)
}

import {
  DELIVERY_STATUS_LABELS,
  SOURCE_LABELS,
  SPAM_LABELS,
  VISIT_STATUS_LABELS,
} from '../../../../shared/leads/labels.ts'
import {STAGE_LABELS, type Lead} from '../../../../shared/leads/lead.ts'
import {seoulDateTime} from './seoul-time.ts'

/* A text Excel (and other spreadsheets) would run as a formula if it led the cell. */
const FORMULA_START = /^[=+\-@\t\r]/

/** RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell
}

/** Text from a visitor: a leading formula character is neutralized with an apostrophe. */
function text(value: string | undefined): string {
  const cell = value ?? ''
  return quote(FORMULA_START.test(cell) ? `'${cell}` : cell)
}

/**
 * A phone number as text, so Excel keeps the leading 0 and the hyphens: the formula
 * ="010-1234-5678" evaluates to the text itself. Safe because the number was
 * normalized to digits and hyphens when the lead was taken.
 */
function phoneCell(phone: string): string {
  return quote(/^[\d-]+$/.test(phone) ? `="${phone}"` : `'${phone}`)
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
]

function row(lead: Lead): string[] {
  return [
    text(lead.receipt),
    text(seoulDateTime(Date.parse(lead.createdAt))),
    text(lead.site),
    text(SOURCE_LABELS[lead.source] ?? lead.source),
    text(STAGE_LABELS[lead.stage] ?? lead.stage),
    text(lead.name),
    phoneCell(lead.phone),
    text(lead.email),
    text(lead.visitDate),
    text(lead.visit ? seoulDateTime(Date.parse(lead.visit.start)) : undefined),
    text(lead.visit ? VISIT_STATUS_LABELS[lead.visit.status] : undefined),
    text(lead.message),
    lead.consent ? '동의' : '미동의',
    text(lead.consentVersion),
    lead.marketingConsent ? '동의' : '미동의',
    text(lead.attribution.utmSource),
    text(lead.attribution.utmMedium),
    text(lead.attribution.utmCampaign),
    text(lead.attribution.utmTerm),
    text(lead.attribution.utmContent),
    text(lead.attribution.landingPath),
    text(lead.attribution.referrerHost),
    text(DELIVERY_STATUS_LABELS[lead.delivery.status] ?? lead.delivery.status),
    String(lead.delivery.attempts),
    text(lead.delivery.lastError),
    text(lead.spam ? SPAM_LABELS[lead.spam] : undefined),
  ]
}

/** The start of the file: a byte-order mark (so Excel reads Korean as UTF-8) and the header row. */
export const CSV_HEAD = `\uFEFF${HEADER.map(quote).join(',')}\r\n`

/** Rows of leads, each ended by CRLF. */
export function csvRows(leads: readonly Lead[]): string {
  return leads.map((lead) => `${row(lead).join(',')}\r\n`).join('')
}

/** A whole CSV of `leads` (the streamed download writes the same head and rows in parts). */
export function leadsCsv(leads: readonly Lead[]): string {
  return CSV_HEAD + csvRows(leads)
}

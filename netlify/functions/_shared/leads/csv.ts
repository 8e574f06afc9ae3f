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
import {sql} from '../database.ts'
import type {ModelHouses} from '../visits/houses.ts'

/**
 * A phone number as text, so Excel keeps the leading 0 and the hyphens: the formula
 * ="010-1234-5678" evaluates to the text itself. Safe because the number was
 * normalized to digits and hyphens when the lead was taken.
 */
function phoneCell(phone: string): string {
  return quoteCell(/^[\d-]+$/.test(phone) ? `="${phone}"` : `'${phone}`)
}

/** What a row needs beside the lead: the sites' names and the leads' notes. */
export interface CsvContext {
  /** Site names by slug (a site the lake does not name is written as its slug). */
  siteNames: ReadonlyMap<string, string>
  /** Each lead's notes, oldest first. */
  notes: ReadonlyMap<string, ReadonlyArray<{at: string; text: string}>>
}

const NO_CONTEXT: CsvContext = {siteNames: new Map(), notes: new Map()}

const time = (iso: string | undefined) => (iso ? kstDateTime(Date.parse(iso)) : undefined)

/**
 * The columns in order, each a header and its cell. Only what a form or the staff fill:
 * the API's e-mail and wished date are never asked by a form, so they have no column.
 */
const COLUMNS: ReadonlyArray<readonly [string, (lead: Lead, context: CsvContext) => string]> = [
  ['접수번호', (lead) => csvCell(lead.receipt)],
  ['접수일시', (lead) => csvCell(time(lead.createdAt))],
  ['현장', (lead, {siteNames}) => csvCell(siteNames.get(lead.site) ?? lead.site)],
  ['경로', (lead) => csvCell(SOURCE_LABELS[lead.source] ?? lead.source)],
  ['상태', (lead) => csvCell(STAGE_LABELS[lead.stage] ?? lead.stage)],
  ['담당자', (lead) => csvCell(lead.owner)],
  ['이름', (lead) => csvCell(lead.name)],
  ['연락처', (lead) => phoneCell(lead.phone)],
  ['방문 예약 일시', (lead) => csvCell(time(lead.visit?.start))],
  [
    '방문 예약 상태',
    (lead) =>
      csvCell(
        lead.visit
          ? VISIT_STATUS_LABELS[lead.visit.status]
          : lead.visitRefused
            ? VISIT_REFUSED_LABELS[lead.visitRefused]
            : undefined,
      ),
  ],
  ['마지막 연락', (lead) => csvCell(time(lead.lastContactAt))],
  ['재통화 예정', (lead) => csvCell(time(lead.callbackAt))],
  [
    '메모',
    (lead, {notes}) =>
      csvCell(
        (notes.get(lead.id) ?? [])
          .map((note) => `${kstDateTime(Date.parse(note.at))} ${note.text}`)
          .join('\n') || undefined,
      ),
  ],
  ['문의내용', (lead) => csvCell(lead.message)],
  ['개인정보 수집·이용 동의', (lead) => (lead.consent ? '동의' : '미동의')],
  ['동의한 안내문 버전', (lead) => csvCell(lead.consentVersion)],
  ['마케팅 수신 동의', (lead) => marketingConsentLabel(lead)],
  ['유입 매체(utm_source)', (lead) => csvCell(lead.attribution.utmSource)],
  ['유입 방식(utm_medium)', (lead) => csvCell(lead.attribution.utmMedium)],
  ['캠페인(utm_campaign)', (lead) => csvCell(lead.attribution.utmCampaign)],
  ['키워드(utm_term)', (lead) => csvCell(lead.attribution.utmTerm)],
  ['광고 소재(utm_content)', (lead) => csvCell(lead.attribution.utmContent)],
  ['첫 방문 페이지', (lead) => csvCell(lead.attribution.landingPath)],
  ['이전 사이트', (lead) => csvCell(lead.attribution.referrerHost)],
  [
    '전달 상태',
    (lead) => csvCell(DELIVERY_STATUS_LABELS[lead.delivery.status] ?? lead.delivery.status),
  ],
  ['전달 시도', (lead) => String(lead.delivery.attempts)],
  ['마지막 오류', (lead) => csvCell(lead.delivery.lastError)],
  ['스팸 사유', (lead) => csvCell(lead.spam ? SPAM_LABELS[lead.spam] : undefined)],
  ['확인 필요', (lead) => csvCell(lead.doubt ? DOUBT_LABELS[lead.doubt] : undefined)],
]

/** The start of the file: a byte-order mark (so Excel reads Korean as UTF-8) and the header row. */
export const CSV_HEAD = `${CSV_BOM}${COLUMNS.map(([name]) => quoteCell(name)).join(',')}\r\n`

/** Rows of leads, each ended by CRLF. */
export function csvRows(leads: readonly Lead[], context: CsvContext = NO_CONTEXT): string {
  return leads
    .map((lead) => `${COLUMNS.map(([, cell]) => cell(lead, context)).join(',')}\r\n`)
    .join('')
}

/** A whole CSV of `leads` (the streamed download writes the same head and rows in parts). */
export function leadsCsv(leads: readonly Lead[], context?: CsvContext): string {
  return CSV_HEAD + csvRows(leads, context)
}

/**
 * What the rows of `leads` need beside them: the names of their sites (from the lake, cached;
 * when it cannot be read, the slugs stand) and their notes, read in one query.
 */
export async function csvContext(leads: readonly Lead[], houses: ModelHouses): Promise<CsvContext> {
  const ids = leads.map((lead) => lead.id)
  const [named, rows] = await Promise.all([
    Promise.all(
      [...new Set(leads.map((lead) => lead.site))].map(async (site) => {
        try {
          return [site, (await houses.get(site))?.siteName ?? site] as const
        } catch (error) {
          console.error('admin leads csv: the site names could not be read', error)
          return [site, site] as const
        }
      }),
    ),
    ids.length === 0
      ? []
      : sql()<{lead_id: string; at: Date; body: string}>`
          SELECT lead_id, at, body FROM lead_notes WHERE lead_id = ANY(${ids}::uuid[])
          ORDER BY at, id`,
  ])
  const notes = new Map<string, Array<{at: string; text: string}>>()
  for (const row of rows) {
    const list = notes.get(row.lead_id) ?? []
    list.push({at: row.at.toISOString(), text: row.body})
    notes.set(row.lead_id, list)
  }
  return {siteNames: new Map(named), notes}
}

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
import {EXPORT_COLUMNS, type ExportColumn} from '#shared/leads/export.ts'
import {STAGE_LABELS, type Lead} from '#shared/leads/lead.ts'
import {sql} from '../database.ts'
import type {ModelHouses} from '../model-houses.ts'

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
 * Each column's cell. Only what a form or the staff fill: the API's e-mail and wished date are
 * never asked by a form, so they have no column.
 */
const CELLS: Readonly<Record<ExportColumn, (lead: Lead, context: CsvContext) => string>> = {
  receipt: (lead) => csvCell(lead.receipt),
  createdAt: (lead) => csvCell(time(lead.createdAt)),
  site: (lead, {siteNames}) => csvCell(siteNames.get(lead.site) ?? lead.site),
  source: (lead) => csvCell(SOURCE_LABELS[lead.source] ?? lead.source),
  stage: (lead) => csvCell(STAGE_LABELS[lead.stage] ?? lead.stage),
  owner: (lead) => csvCell(lead.owner),
  name: (lead) => csvCell(lead.name),
  phone: (lead) => phoneCell(lead.phone),
  visitAt: (lead) => csvCell(time(lead.visit?.start)),
  visitStatus: (lead) =>
    csvCell(
      lead.visit
        ? VISIT_STATUS_LABELS[lead.visit.status]
        : lead.visitRefused
          ? VISIT_REFUSED_LABELS[lead.visitRefused]
          : undefined,
    ),
  lastContactAt: (lead) => csvCell(time(lead.lastContactAt)),
  callbackAt: (lead) => csvCell(time(lead.callbackAt)),
  notes: (lead, {notes}) =>
    csvCell(
      (notes.get(lead.id) ?? [])
        .map((note) => `${kstDateTime(Date.parse(note.at))} ${note.text}`)
        .join('\n') || undefined,
    ),
  message: (lead) => csvCell(lead.message),
  consent: (lead) => (lead.consent ? '동의' : '미동의'),
  consentVersion: (lead) => csvCell(lead.consentVersion),
  marketingConsent: (lead) => marketingConsentLabel(lead),
  utmSource: (lead) => csvCell(lead.attribution.utmSource),
  utmMedium: (lead) => csvCell(lead.attribution.utmMedium),
  utmCampaign: (lead) => csvCell(lead.attribution.utmCampaign),
  utmTerm: (lead) => csvCell(lead.attribution.utmTerm),
  utmContent: (lead) => csvCell(lead.attribution.utmContent),
  landingPath: (lead) => csvCell(lead.attribution.landingPath),
  referrerHost: (lead) => csvCell(lead.attribution.referrerHost),
  deliveryStatus: (lead) =>
    csvCell(DELIVERY_STATUS_LABELS[lead.delivery.status] ?? lead.delivery.status),
  deliveryAttempts: (lead) => String(lead.delivery.attempts),
  lastError: (lead) => csvCell(lead.delivery.lastError),
  spam: (lead) => csvCell(lead.spam ? SPAM_LABELS[lead.spam] : undefined),
  doubt: (lead) => csvCell(lead.doubt ? DOUBT_LABELS[lead.doubt] : undefined),
}

/** Every column, for a file that leaves none out. */
export const ALL_COLUMNS: readonly ExportColumn[] = EXPORT_COLUMNS.map((column) => column.key)

const LABELS = new Map(EXPORT_COLUMNS.map((column) => [column.key, column.label]))

/**
 * The start of the file: a byte-order mark (so Excel reads Korean as UTF-8) and the header row
 * of `columns`.
 */
export const csvHead = (columns: readonly ExportColumn[]): string =>
  `${CSV_BOM}${columns.map((key) => quoteCell(LABELS.get(key)!)).join(',')}\r\n`

/** Rows of leads with `columns`, each ended by CRLF. */
export function csvRows(
  leads: readonly Lead[],
  columns: readonly ExportColumn[],
  context: CsvContext = NO_CONTEXT,
): string {
  return leads
    .map((lead) => `${columns.map((key) => CELLS[key](lead, context)).join(',')}\r\n`)
    .join('')
}

/**
 * What the rows of `leads` need beside them for `columns`: the names of their sites (from the
 * lake, cached; when it cannot be read, the slugs stand) and their notes, read in one query.
 * A file without the site or the notes reads neither.
 */
export async function csvContext(
  leads: readonly Lead[],
  houses: ModelHouses,
  columns: readonly ExportColumn[] = ALL_COLUMNS,
): Promise<CsvContext> {
  const ids = columns.includes('notes') ? leads.map((lead) => lead.id) : []
  const sites = columns.includes('site') ? new Set(leads.map((lead) => lead.site)) : []
  const [named, rows] = await Promise.all([
    Promise.all(
      [...sites].map(async (site) => {
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

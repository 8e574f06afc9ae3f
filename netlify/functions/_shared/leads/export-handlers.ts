import {kstDate} from '#shared/korea-time.ts'
import {
  cleanReason,
  exportFileName,
  filePasswordErrors,
  readColumns,
  reasonError,
  type ExportColumn,
} from '#shared/leads/export.ts'
import type {FieldErrors} from '#shared/field-errors.ts'
import {noteAccess} from '../access-record.ts'
import {auditStaffRefusal} from '../gates/signed-in.ts'
import {asRecord, fail, SECURITY_HEADERS} from '../http.ts'
import {isAdministrator, scopedQuery, staffJsonPost, staffQuery} from '../gates/staff.ts'
import {ModelHouses} from '../model-houses.ts'
import {staffLeadQuery, UNAVAILABLE, type Guarded, type StaffContext} from './admin-handlers.ts'
import {ALL_COLUMNS, csvContext, csvHead, csvRows} from './csv.ts'
import {encryptedZip} from './encrypted-zip.ts'
import {FILTER_NAMES, listLeads} from './list.ts'

/*
 * The staff's exports of leads: every file states its purpose and carries only the columns
 * chosen, and each is in the audit log with them. A counsellor's file is a ZIP encrypted
 * with a password they type, written here, so the plain CSV never reaches their computer;
 * the plain CSV is an administrator's.
 */

/** Rows read per query while a file streams: memory holds one batch, whatever the total. */
export const EXPORT_BATCH = 500

const PLAIN_REFUSED =
  '암호를 걸지 않은 CSV 파일은 관리자만 내려받을 수 있습니다. 암호를 건 ZIP 파일로 내려받아 주세요.'
const FILTERS_REFUSED = '조회 조건을 확인해 주세요.'
const NOT_OBJECT = '내려받기 요청 형식이 올바르지 않습니다.'
/** The largest body of an encrypted export: a reason, the columns, the filters, a password. */
const ZIP_BODY_MAX = 16 * 1024

/** The files staff export: the plain CSV, or the CSV inside an encrypted ZIP. */
type ExportFormat = 'csv' | 'zip'

/** The sites' names in the files, as the lake has them (read once a half minute at most). */
const exportHouses = new ModelHouses()

/** What a file is for and what it carries, or why that is refused (a field each). */
function readChoice(
  reason: string,
  columns: readonly string[],
): {ok: true; reason: string; columns: ExportColumn[]} | {ok: false; fields: FieldErrors} {
  const fields: FieldErrors = {}
  const cleaned = cleanReason(reason)
  const refusedReason = reasonError(cleaned)
  if (refusedReason) fields.reason = refusedReason
  const chosen = readColumns(columns)
  if (!chosen.ok) fields.columns = chosen.error
  return chosen.ok && !refusedReason
    ? {ok: true, reason: cleaned, columns: chosen.columns}
    : {ok: false, fields}
}

/** A 400 whose message is the first refused field's, with every refused field. */
const refused = (fields: FieldErrors): Response =>
  fail(400, Object.values(fields)[0] ?? FILTERS_REFUSED, fields)

/** `Content-Disposition` of a download named in Korean, with an ASCII name for old clients. */
function attachment(name: string, ascii: string): string {
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** The file's CSV and its names, the audit entry written before the first byte is answered. */
interface ExportFile {
  csv: ReadableStream<Uint8Array>
  /** The CSV's name in Korean (`문의목록-20261130.csv`) and the day in it. */
  csvName: string
  pile: 'lead' | 'spam'
  day: string
}

/**
 * The CSV of every lead the filters let through, with `columns`, streamed in batches as the
 * client reads (the next batch is read only when the last one is taken). The first batch is
 * read before answering, by the statement that writes the export's audit entry (with the
 * reason, the columns, the format and how many leads it holds), so a database that is down
 * gets a 503, not a broken download, and no file leaves unrecorded. The access record of
 * `req` takes the count and the reason of that entry.
 */
async function exportCsv(
  req: Request,
  guarded: Extract<Guarded, {ok: true}>,
  {reason, columns, format}: {reason: string; columns: ExportColumn[]; format: ExportFormat},
  now: number,
  batch: number,
  houses: ModelHouses,
): Promise<ExportFile | Response> {
  const {filter} = guarded.query
  const audit = {
    ...guarded.audit,
    action: 'export' as const,
    detail: {...guarded.audit.detail, reason, columns, format},
  }
  let page
  let first: string | null
  try {
    page = await listLeads({filter, limit: batch}, audit, {counted: true})
    const filters = Object.entries(guarded.audit.detail ?? {}).map(([name, value]) => [
      name,
      String(value),
    ])
    noteAccess(req, {
      subject: {
        filter: {...Object.fromEntries(filters), columns: columns.join(','), format},
        count: page.total,
      },
      reason: audit.detail.reason,
    })
    first =
      csvHead(columns) + csvRows(page.leads, columns, await csvContext(page.leads, houses, columns))
  } catch (error) {
    console.error('admin leads export: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
  const encoder = new TextEncoder()
  let next = page.next
  const csv = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (first !== null) {
          controller.enqueue(encoder.encode(first))
          first = null
        } else if (next) {
          const following = await listLeads({filter, limit: batch, cursor: next})
          next = following.next
          const context = await csvContext(following.leads, houses, columns)
          controller.enqueue(encoder.encode(csvRows(following.leads, columns, context)))
        }
        if (first === null && !next) controller.close()
      },
    },
    {highWaterMark: 1},
  )
  const day = kstDate(now).replaceAll('-', '')
  return {csv, csvName: exportFileName(filter.pile, day, 'csv'), pile: filter.pile, day}
}

function download(body: ReadableStream<Uint8Array>, type: string, disposition: string): Response {
  const headers = new Headers(SECURITY_HEADERS)
  headers.set('Content-Type', type)
  headers.set('Content-Disposition', disposition)
  return new Response(body, {status: 200, headers})
}

/** The ASCII name of a file, for a client that cannot read the Korean one. */
const asciiName = ({pile, day}: ExportFile, extension: ExportFormat) =>
  `${pile === 'spam' ? 'spam' : 'leads'}-${day}.${extension}`

/**
 * GET /api/admin/leads.csv?reason=&columns=…: the plain CSV, for an administrator. `reason` is
 * required; `columns` (comma-separated keys) narrows the file, and without it the file has
 * every column. A counsellor is refused (403, recorded) whatever else they ask.
 */
export async function leadsCsvHandler(
  req: Request,
  context: StaffContext,
  now = Date.now(),
  batch = EXPORT_BATCH,
  houses = exportHouses,
): Promise<Response> {
  const asked = await staffQuery(req, context)
  if (!asked.ok) return asked.response
  if (!isAdministrator(asked.staff)) {
    await auditStaffRefusal(req, context, {
      actor: asked.staff.email,
      reason: 'plain-export',
      now: new Date(now),
    })
    return fail(403, PLAIN_REFUSED)
  }
  const guarded = staffLeadQuery(asked, req, context, now)
  if (!guarded.ok) return guarded.response
  const {params} = asked
  const columns = params.has('columns')
    ? (params.get('columns') ?? '').split(',').flatMap((key) => key.trim() || [])
    : ALL_COLUMNS
  const choice = readChoice(params.get('reason') ?? '', columns)
  if (!choice.ok) return refused(choice.fields)
  const file = await exportCsv(req, guarded, {...choice, format: 'csv'}, now, batch, houses)
  if (file instanceof Response) return file
  return download(
    file.csv,
    'text/csv; charset=utf-8',
    attachment(file.csvName, asciiName(file, 'csv')),
  )
}

/** The filters of a JSON body (`{site: 'ulsan', q: '010'}`) as the list's query string has them. */
function readFilters(value: unknown): URLSearchParams | null {
  if (value === undefined) return new URLSearchParams()
  const record = asRecord(value)
  if (!record) return null
  const params = new URLSearchParams()
  for (const [name, filter] of Object.entries(record)) {
    if (!(FILTER_NAMES as readonly string[]).includes(name) || typeof filter !== 'string')
      return null
    params.set(name, filter)
  }
  return params
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * POST /api/admin/leads.zip with `{reason, columns, password, passwordConfirm, filters}`: the
 * CSV of the filtered leads with those columns, inside a ZIP encrypted with AES-256 under the
 * password, written here as it streams. For every staff member; the password is used for
 * this file only, never stored nor logged.
 */
export async function leadsZipHandler(
  req: Request,
  context: StaffContext,
  now = Date.now(),
  batch = EXPORT_BATCH,
  houses = exportHouses,
): Promise<Response> {
  const posted = await staffJsonPost(req, context, {maxBytes: ZIP_BODY_MAX, notObject: NOT_OBJECT})
  if (!posted.ok) return posted.response
  const {body, staff} = posted
  const params = readFilters(body.filters)
  if (!params) return fail(400, FILTERS_REFUSED, {filters: FILTERS_REFUSED})
  const asked = await scopedQuery(req, context, staff, params)
  if (!asked.ok) return asked.response
  const guarded = staffLeadQuery(asked, req, context, now)
  if (!guarded.ok) return guarded.response
  const columns = Array.isArray(body.columns) ? body.columns.map(text) : []
  const choice = readChoice(text(body.reason), columns)
  const password = text(body.password)
  const fields = {
    ...(choice.ok ? {} : choice.fields),
    ...filePasswordErrors(password, text(body.passwordConfirm)),
  }
  if (!choice.ok || Object.keys(fields).length > 0) return refused(fields)
  const file = await exportCsv(req, guarded, {...choice, format: 'zip'}, now, batch, houses)
  if (file instanceof Response) return file
  const zipName = exportFileName(file.pile, file.day, 'zip')
  return download(
    encryptedZip(file.csvName, file.csv, password),
    'application/zip',
    attachment(zipName, asciiName(file, 'zip')),
  )
}

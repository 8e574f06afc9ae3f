import {isCalendarDate, kstDayEnd, kstDayStart} from '#shared/korea-time.ts'
import {auditInsert, type AuditEntry} from '../audit.ts'
import {sql, type Sql} from '../database.ts'
import {DATE_FORMAT} from '../http.ts'
import {stripControls} from '../control-characters.ts'
import {
  DELIVERY_STATUSES,
  LEAD_SOURCES,
  LEAD_STAGES,
  type DeliveryStatus,
  type Lead,
  type LeadSource,
  type LeadStage,
} from '#shared/leads/lead.ts'
import {isLeadId, leadColumns, leadFromRow, type LeadRow} from './store.ts'

export const PAGE_DEFAULT = 50
export const PAGE_MAX = 200
const FILTER_TEXT_MAX = 100

export interface LeadFilter {
  /** The spam pile is listed apart (`?spam=1`). */
  pile: 'lead' | 'spam'
  /** The sites read (the staff member's, narrowed by `?site=`); null or absent: every site. */
  sites?: string[] | null
  source?: LeadSource
  /** Creation time range, from Seoul dates (`from` and `to` both included). */
  from?: Date
  to?: Date
  status?: DeliveryStatus
  stage?: LeadStage
  /** utm_campaign, exactly as recorded. */
  campaign?: string
  /** A part of the name or of the phone number (with or without hyphens). */
  q?: string
  /** The owner's e-mail (`?mine=1`: the signed-in staff member's leads). */
  owner?: string
}

/** Where the next page starts: after the lead of this time and id, newest first. */
export interface LeadCursor {
  createdAt: string
  id: string
}

export interface LeadQuery {
  filter: LeadFilter
  cursor?: LeadCursor
  limit: number
}

export type ParsedQuery = {ok: true; query: LeadQuery} | {ok: false; fields: Record<string, string>}

export const encodeCursor = (cursor: LeadCursor): string =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url')

/** A lead's time as `encodeCursor` writes it (`toISOString`, years 1000–9999). */
const CURSOR_TIME = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/**
 * Only a time `encodeCursor` could have written: `Date.parse` also takes '0', 'Tue' or year 0,
 * which Postgres refuses (a 503 for a tampered cursor instead of a 400).
 */
const isCursorTime = (text: string): boolean =>
  CURSOR_TIME.test(text) && !Number.isNaN(Date.parse(text)) && new Date(text).toISOString() === text

function decodeCursor(text: string): LeadCursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString()) as unknown
    if (!Array.isArray(value) || value.length !== 2) return null
    const [createdAt, id] = value as unknown[]
    if (typeof createdAt !== 'string' || !isCursorTime(createdAt)) return null
    if (typeof id !== 'string' || !isLeadId(id)) return null
    return {createdAt, id}
  } catch {
    return null
  }
}

/** A filter text as the staff typed it: trimmed, without control characters; empty is no filter. */
function filterText(
  params: URLSearchParams,
  name: string,
  fields: Record<string, string>,
): string | undefined {
  const value = stripControls(params.get(name) ?? '').trim()
  if (value === '') return undefined
  if ([...value].length > FILTER_TEXT_MAX)
    fields[name] = `${FILTER_TEXT_MAX}자 이내로 입력해 주세요.`
  return value
}

/** The staff filters from the query string, with a Korean message per wrong parameter. */
export function parseLeadQuery(params: URLSearchParams): ParsedQuery {
  const fields: Record<string, string> = {}
  const filter: LeadFilter = {pile: params.get('spam') === '1' ? 'spam' : 'lead'}
  const campaign = filterText(params, 'campaign', fields)
  if (campaign) filter.campaign = campaign
  const q = filterText(params, 'q', fields)
  if (q) filter.q = q
  for (const name of ['from', 'to'] as const) {
    const value = params.get(name)?.trim()
    if (!value) continue
    if (!isCalendarDate(value)) fields[name] = DATE_FORMAT
    else if (name === 'from') filter.from = new Date(kstDayStart(value))
    else filter.to = new Date(kstDayEnd(value))
  }
  if (filter.from && filter.to && filter.from >= filter.to)
    fields.to = '종료일은 시작일과 같거나 그 이후여야 합니다.'
  const source = params.get('source')?.trim()
  if (source) {
    if (LEAD_SOURCES.includes(source as LeadSource)) filter.source = source as LeadSource
    else fields.source = `접수 경로는 ${LEAD_SOURCES.join(', ')} 중 하나여야 합니다.`
  }
  const status = params.get('status')?.trim()
  if (status) {
    if (DELIVERY_STATUSES.includes(status as DeliveryStatus))
      filter.status = status as DeliveryStatus
    else fields.status = `전달 상태는 ${DELIVERY_STATUSES.join(', ')} 중 하나여야 합니다.`
  }
  const stage = params.get('stage')?.trim()
  if (stage) {
    if (LEAD_STAGES.includes(stage as LeadStage)) filter.stage = stage as LeadStage
    else fields.stage = `진행 단계는 ${LEAD_STAGES.join(', ')} 중 하나여야 합니다.`
  }
  const limitText = params.get('limit')
  const limit = limitText ? Number(limitText) : PAGE_DEFAULT
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX)
    fields.limit = `한 번에 1~${PAGE_MAX}건까지 볼 수 있습니다.`
  const cursorText = params.get('cursor')
  const cursor = cursorText ? decodeCursor(cursorText) : undefined
  if (cursor === null)
    fields.cursor = '페이지 정보가 올바르지 않습니다. 처음부터 다시 조회해 주세요.'
  if (Object.keys(fields).length > 0) return {ok: false, fields}
  return {ok: true, query: {filter, cursor: cursor ?? undefined, limit}}
}

/** `%text%` for LIKE, its own wildcard characters taken literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** The digits of a search that looks like (a part of) a phone number, or null. */
function phoneDigits(q: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(q)) return null
  const digits = q.replace(/\D/g, '')
  return digits.length >= 2 ? digits : null
}

/**
 * The WHERE of the staff's filters and the page's start. Every filter is a parameter;
 * an absent one is NULL and the planner drops its condition (statements are planned
 * with their values).
 */
function matching(s: Sql, filter: LeadFilter, cursor: LeadCursor | undefined) {
  const pattern = filter.q ? containing(filter.q) : null
  const digits = filter.q ? phoneDigits(filter.q) : null
  return s`(l.spam_reason IS NOT NULL) = ${filter.pile === 'spam'}
    AND (${filter.sites ?? null}::text[] IS NULL OR l.site = ANY(${filter.sites ?? null}::text[]))
    AND (${filter.source ?? null}::text IS NULL OR l.source = ${filter.source ?? null})
    AND (${filter.from ?? null}::timestamptz IS NULL OR l.created_at >= ${filter.from ?? null})
    AND (${filter.to ?? null}::timestamptz IS NULL OR l.created_at < ${filter.to ?? null})
    AND (${filter.status ?? null}::text IS NULL OR d.status = ${filter.status ?? null})
    AND (${filter.stage ?? null}::text IS NULL OR l.stage = ${filter.stage ?? null})
    AND (${filter.campaign ?? null}::text IS NULL OR l.utm_campaign = ${filter.campaign ?? null})
    AND (${filter.owner ?? null}::text IS NULL OR l.owner = ${filter.owner ?? null})
    AND (${pattern}::text IS NULL
      OR l.name ILIKE ${pattern} ESCAPE '\\' OR l.phone LIKE ${pattern} ESCAPE '\\'
      OR (${digits}::text IS NOT NULL
        AND replace(l.phone, '-', '') LIKE ${digits ? `%${digits}%` : null}))
    AND (${cursor?.createdAt ?? null}::timestamptz IS NULL
      OR (l.created_at, l.id)
        < (${cursor?.createdAt ?? null}::timestamptz, ${cursor?.id ?? null}::uuid))`
}

export interface LeadPage {
  leads: Lead[]
  /** Where the next page starts; null on the last page. */
  next: LeadCursor | null
  /** How many leads the filter lets through in all, when counted. */
  total?: number
}

/**
 * One page of leads, newest first, and where the next page starts.
 * With `audit`, the staff action is logged by the same statement; `counted` adds to its
 * detail, and to the page, how many leads the filter lets through in all (an export's size).
 */
export async function listLeads(
  {filter, cursor, limit}: LeadQuery,
  audit?: AuditEntry,
  {counted = false}: {counted?: boolean} = {},
): Promise<LeadPage> {
  const s = sql()
  const select = (total = s``) => s`SELECT ${leadColumns(s)}${total}
    FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id
    WHERE ${matching(s, filter, cursor)}
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT ${limit + 1}`
  const count = s`jsonb_build_object('count', (SELECT count(*)
    FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id WHERE ${matching(s, filter, undefined)}))`
  const rows = await (audit && counted
    ? s<LeadRow & {total: number}>`WITH audit AS (${auditInsert(s, audit, count)}
        RETURNING (detail->>'count')::int AS total)
      ${select(s`, (SELECT total FROM audit) AS total`)}`
    : audit
      ? s<LeadRow>`WITH audit AS (${auditInsert(s, audit)}) ${select()}`
      : s<LeadRow>`${select()}`)
  const leads = rows.slice(0, limit).map(leadFromRow)
  const last = leads.at(-1)
  // No lead matched: the statement answered no row, and the count was none.
  const total =
    audit && counted ? ((rows[0] as {total?: number} | undefined)?.total ?? 0) : undefined
  return {
    leads,
    next: rows.length > limit && last ? {createdAt: last.createdAt, id: last.id} : null,
    ...(total === undefined ? {} : {total}),
  }
}

/**
 * The campaigns leads of `sites` (null: every site) came with, most recently used first:
 * what the staff can filter by.
 */
export async function recentCampaigns(sites: string[] | null, max = 100): Promise<string[]> {
  const rows = await sql()<{campaign: string}>`
    SELECT utm_campaign AS campaign FROM leads
    WHERE utm_campaign IS NOT NULL AND spam_reason IS NULL
      AND (${sites}::text[] IS NULL OR site = ANY(${sites}::text[]))
    GROUP BY utm_campaign ORDER BY max(created_at) DESC LIMIT ${max}`
  return rows.map((row) => row.campaign)
}

/** The query parameters that filter the staff's leads (every other one pages or limits). */
export const FILTER_NAMES = [
  'spam',
  'site',
  'source',
  'from',
  'to',
  'status',
  'stage',
  'campaign',
  'q',
  'mine',
] as const

/** The filters as the audit log records them (dates as the staff gave them). */
export function filterDetail(params: URLSearchParams): Record<string, string> {
  const detail: Record<string, string> = {}
  for (const name of FILTER_NAMES) {
    const value = params.get(name)
    if (value) detail[name] = value
  }
  return detail
}

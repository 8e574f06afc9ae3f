import type {Context} from '@netlify/functions'
import {
  isAccessTask,
  isNight,
  type AccessFlag,
  type AccessItem,
  type AccessSubject,
  type AccessTask,
} from '#shared/access/access-record.ts'
import {addDays, isCalendarDate, kstDate, kstDayEnd, kstDayStart} from '#shared/korea-time.ts'
import {sql} from '../database.ts'
import {DATE_FORMAT, fail, json, QUERY_REFUSED} from '../http.ts'
import {administratorRequest} from '../gates/staff.ts'
import {stripControls} from '../control-characters.ts'
import {noteAccess} from '../access-record.ts'
import {bulkThreshold} from './settings.ts'

/*
 * GET /api/admin/access-log: the access record for administrators, newest first, a page at
 * a time.
 */

export const ACCESS_PAGE_DEFAULT = 100
export const ACCESS_PAGE_MAX = 500
/** Without dates, the last 30 days up to today. */
const DAYS_DEFAULT = 30

export const ACCESS_LOG_REFUSED = '접속기록은 관리자만 볼 수 있습니다.'
const UNAVAILABLE = '일시적인 장애로 접속기록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'

export interface AccessQuery {
  from: number
  to: number
  actor?: string
  task?: AccessTask
  limit: number
  cursor?: {at: string; id: string}
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,19})$/

const encodeCursor = (at: string, id: string): string =>
  Buffer.from(`${at}_${id}`).toString('base64url')

function decodeCursor(text: string): AccessQuery['cursor'] | null {
  const match = CURSOR.exec(Buffer.from(text, 'base64url').toString())
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null
  return {at: match[1]!, id: match[2]!}
}

/** The query of the record from the request, with a Korean message per wrong parameter. */
export function parseAccessQuery(
  params: URLSearchParams,
  now: number,
): {ok: true; query: AccessQuery} | {ok: false; fields: Record<string, string>} {
  const fields: Record<string, string> = {}
  const to = params.get('to')?.trim() || kstDate(now)
  if (!isCalendarDate(to)) fields.to = DATE_FORMAT
  const from = params.get('from')?.trim() || (fields.to ? '' : addDays(to, 1 - DAYS_DEFAULT))
  if (from && !isCalendarDate(from)) fields.from = DATE_FORMAT
  if (!fields.from && !fields.to && from > to)
    fields.to = '종료일은 시작일과 같거나 그 이후여야 합니다.'
  const actor = stripControls(params.get('actor') ?? '')
    .trim()
    .toLowerCase()
  if ([...actor].length > 200) fields.actor = '직원 이메일은 200자 이내로 입력해 주세요.'
  const task = params.get('task')?.trim() ?? ''
  if (task && !isAccessTask(task))
    fields.task = '작업은 조회, 변경, 입력, 삭제, 출력, 다운로드 중 하나여야 합니다.'
  const limitText = params.get('limit')
  const limit = limitText ? Number(limitText) : ACCESS_PAGE_DEFAULT
  if (!Number.isInteger(limit) || limit < 1 || limit > ACCESS_PAGE_MAX)
    fields.limit = `한 번에 1~${ACCESS_PAGE_MAX}건까지 볼 수 있습니다.`
  const cursorText = params.get('cursor')
  const cursor = cursorText ? decodeCursor(cursorText) : undefined
  if (cursor === null)
    fields.cursor = '페이지 정보가 올바르지 않습니다. 처음부터 다시 조회해 주세요.'
  if (Object.keys(fields).length > 0) return {ok: false, fields}
  return {
    ok: true,
    query: {
      from: kstDayStart(from),
      to: kstDayEnd(to),
      ...(actor ? {actor} : {}),
      ...(task ? {task: task as AccessTask} : {}),
      limit,
      ...(cursor ? {cursor} : {}),
    },
  }
}

interface AccessRowRead {
  id: string
  at: Date
  actor: string
  address: string
  task: AccessTask
  method: string
  path: string
  status: number
  lead_ids: string[]
  subject: Omit<AccessSubject, 'leads'>
  reason: string | null
  refused: string | null
  new_address: boolean
  opened_in_hour: number | null
  receipts: Array<string | null>
}

/** The flags of one row (the review's list of flags groups them). */
function rowFlags(row: AccessRowRead, threshold: number): AccessFlag[] {
  const flags: AccessFlag[] = []
  if (row.task === '다운로드') flags.push('download')
  if (row.opened_in_hour !== null && row.opened_in_hour > threshold) flags.push('bulk')
  if (isNight(row.at.getTime())) flags.push('night')
  if (row.new_address) flags.push('new-address')
  if (row.refused !== null) flags.push('refused')
  return flags
}

/**
 * One page of the record, newest first, and where the next starts. Each lead a row names
 * comes with its receipt number (null once the lead is erased), for the reviewer to tell
 * leads apart without opening them.
 */
export async function listAccess(
  query: AccessQuery,
  threshold: number,
): Promise<{items: AccessItem[]; nextCursor: string | null}> {
  const {from, to, actor = null, task = null, limit, cursor} = query
  const rows = await sql()<AccessRowRead>`
    SELECT a.id::text AS id, a.at, a.actor, a.address, a.task, a.method, a.path, a.status,
      a.lead_ids, a.subject, a.reason, a.refused, a.new_address, a.opened_in_hour,
      ARRAY(SELECT l.receipt FROM unnest(a.lead_ids) WITH ORDINALITY AS o(id, n)
        LEFT JOIN leads l ON l.id = o.id ORDER BY o.n) AS receipts
    FROM access_log a
    WHERE a.at >= ${new Date(from)} AND a.at < ${new Date(to)}
      AND (${actor}::text IS NULL OR a.actor = ${actor})
      AND (${task}::text IS NULL OR a.task = ${task})
      AND (${cursor?.at ?? null}::timestamptz IS NULL
        OR (a.at, a.id) < (${cursor?.at ?? null}::timestamptz, ${cursor?.id ?? null}::bigint))
    ORDER BY a.at DESC, a.id DESC
    LIMIT ${limit + 1}`
  const page = rows.slice(0, limit)
  const items = page.map((row): AccessItem => ({
    at: row.at.toISOString(),
    actor: row.actor,
    address: row.address,
    task: row.task,
    subject: {...(row.lead_ids.length > 0 ? {leads: row.lead_ids} : {}), ...row.subject},
    reason: row.reason,
    method: row.method,
    path: row.path,
    status: row.status,
    refused: row.refused,
    receipts: row.receipts,
    flags: rowFlags(row, threshold),
  }))
  const last = page.at(-1)
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last.at.toISOString(), last.id) : null,
  }
}

/**
 * GET /api/admin/access-log?from=&to=&actor=&task=&cursor=&limit=: `{ok, items, nextCursor}`,
 * Seoul dates (both included; the last 30 days by default). Administrators only: a
 * counsellor gets a 403, and the attempt is in the record.
 */
export async function accessLogHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now = Date.now(),
): Promise<Response> {
  const gate = await administratorRequest(req, context, 'GET', ACCESS_LOG_REFUSED)
  if (!gate.ok) return gate.response
  const parsed = parseAccessQuery(new URL(req.url).searchParams, now)
  if (!parsed.ok) return fail(400, QUERY_REFUSED, parsed.fields)
  try {
    const page = await listAccess(parsed.query, bulkThreshold())
    noteAccess(req, {subject: {count: page.items.length}})
    return json({ok: true, ...page})
  } catch (error) {
    console.error('access log: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

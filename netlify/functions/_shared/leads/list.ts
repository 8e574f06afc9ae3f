import {DELIVERY_STATUSES, parseLeadKey, type DeliveryStatus, type Lead} from './lead.ts'
import {isIsoDate, seoulDayEnd, seoulDayStart} from './seoul-time.ts'
import {listKeys} from '../blobs.ts'
import {getLead} from './store.ts'

export const PAGE_DEFAULT = 50
export const PAGE_MAX = 200

export interface LeadFilter {
  /** The spam pile is listed apart (`?spam=1`). */
  pile: 'lead' | 'spam'
  site?: string
  /** Creation time range, from Seoul dates (`from` and `to` both included). */
  fromMs?: number
  toMs?: number
  status?: DeliveryStatus
}

export interface LeadQuery {
  filter: LeadFilter
  cursor?: string
  limit: number
}

export type ParsedQuery = {ok: true; query: LeadQuery} | {ok: false; fields: Record<string, string>}

const encodeCursor = (key: string): string => Buffer.from(key).toString('base64url')

/** The staff filters from the query string, with a Korean message per wrong parameter. */
export function parseLeadQuery(params: URLSearchParams): ParsedQuery {
  const fields: Record<string, string> = {}
  const filter: LeadFilter = {pile: params.get('spam') === '1' ? 'spam' : 'lead'}
  const site = params.get('site')?.trim()
  if (site) filter.site = site
  for (const name of ['from', 'to'] as const) {
    const value = params.get(name)?.trim()
    if (!value) continue
    if (!isIsoDate(value)) fields[name] = '날짜는 YYYY-MM-DD 형식으로 입력해 주세요.'
    else if (name === 'from') filter.fromMs = seoulDayStart(value)
    else filter.toMs = seoulDayEnd(value)
  }
  if (filter.fromMs !== undefined && filter.toMs !== undefined && filter.fromMs >= filter.toMs) {
    fields.to = '종료일은 시작일과 같거나 그 이후여야 합니다.'
  }
  const status = params.get('status')?.trim()
  if (status) {
    if (DELIVERY_STATUSES.includes(status as DeliveryStatus)) filter.status = status as DeliveryStatus
    else fields.status = `전달 상태는 ${DELIVERY_STATUSES.join(', ')} 중 하나여야 합니다.`
  }
  const limitText = params.get('limit')
  const limit = limitText ? Number(limitText) : PAGE_DEFAULT
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX) fields.limit = `한 번에 1~${PAGE_MAX}건까지 볼 수 있습니다.`
  const cursorText = params.get('cursor')
  let cursor: string | undefined
  if (cursorText) {
    cursor = Buffer.from(cursorText, 'base64url').toString()
    if (parseLeadKey(cursor)?.pile !== filter.pile) fields.cursor = '페이지 정보가 올바르지 않습니다. 처음부터 다시 조회해 주세요.'
  }
  if (Object.keys(fields).length > 0) return {ok: false, fields}
  return {ok: true, query: {filter, cursor, limit}}
}

/** The keys (newest first) that site and date filters let through: decided from the keys alone. */
async function candidateKeys(filter: LeadFilter): Promise<string[]> {
  return (await listKeys('leads', `${filter.pile}/`)).filter((key) => {
    const parts = parseLeadKey(key)
    if (!parts) return false
    if (filter.site && parts.site !== filter.site) return false
    if (filter.fromMs !== undefined && parts.createdAtMs < filter.fromMs) return false
    if (filter.toMs !== undefined && parts.createdAtMs >= filter.toMs) return false
    return true
  })
}

const statusMatches = (filter: LeadFilter) => (lead: Lead | null): lead is Lead =>
  lead !== null && (!filter.status || lead.delivery.status === filter.status)

/** One page of leads, newest first, and the cursor of the next page (null on the last). */
export async function listLeads({filter, cursor, limit}: LeadQuery): Promise<{leads: Lead[]; nextCursor: string | null}> {
  const keys = await candidateKeys(filter)
  let index = cursor ? keys.findIndex((key) => key > cursor) : 0
  if (index < 0) index = keys.length
  const leads: Lead[] = []
  let lastKey: string | undefined
  while (leads.length < limit && index < keys.length) {
    const batch = keys.slice(index, index + (filter.status ? limit : limit - leads.length))
    const read = await Promise.all(batch.map(getLead))
    for (let i = 0; i < batch.length; i++) {
      index++
      lastKey = batch[i]
      const lead = read[i]!
      if (statusMatches(filter)(lead) && leads.push(lead) === limit) break
    }
  }
  return {leads, nextCursor: index < keys.length && lastKey ? encodeCursor(lastKey) : null}
}

/** Every lead the filter lets through, newest first (for the CSV). */
export async function allLeads(filter: LeadFilter): Promise<Lead[]> {
  const keys = await candidateKeys(filter)
  const leads: (Lead | null)[] = []
  for (let i = 0; i < keys.length; i += 100) leads.push(...(await Promise.all(keys.slice(i, i + 100).map(getLead))))
  return leads.filter(statusMatches(filter))
}

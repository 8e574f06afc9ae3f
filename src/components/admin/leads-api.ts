import {adminSession} from '~/lib/admin-session.ts'
import {saveFile} from './save-file.ts'
import type {DeliveryStatus, Lead, LeadSource, LeadStage, VisitChange} from '#shared/leads/lead.ts'
import type {CallOutcome, CallRecord} from '#shared/leads/calls.ts'

export type {CallOutcome, CallRecord, DeliveryStatus, Lead, LeadSource, LeadStage, VisitChange}
export {DELIVERY_STATUSES, LEAD_SOURCES, LEAD_STAGES} from '#shared/leads/lead.ts'

export interface LeadFilters {
  spam: boolean
  site: string
  source: LeadSource | ''
  from: string
  to: string
  status: DeliveryStatus | ''
  stage: LeadStage | ''
  campaign: string
  /** A part of the name or the phone number. */
  q: string
  /** Only the signed-in staff member's leads (내 리드). */
  mine: boolean
}

export const NO_FILTERS: LeadFilters = {
  spam: false,
  site: '',
  source: '',
  from: '',
  to: '',
  status: '',
  stage: '',
  campaign: '',
  q: '',
  mine: false,
}

export const PAGE_SIZE = 50

export type ApiResult<T> =
  ({ok: true} & T) | {ok: false; error: string; fields?: Record<string, string>}

const SIGNED_OUT = '로그인이 만료되었습니다. 다시 로그인해 주세요.'
const NETWORK = '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.'

/** The staff endpoints' query string for the filters (empty ones left out). */
export function leadQuery(filters: LeadFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (filters.spam) params.set('spam', '1')
  if (filters.site) params.set('site', filters.site)
  if (filters.source) params.set('source', filters.source)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.status && !filters.spam) params.set('status', filters.status)
  if (filters.stage) params.set('stage', filters.stage)
  if (filters.campaign.trim()) params.set('campaign', filters.campaign.trim())
  if (filters.q.trim()) params.set('q', filters.q.trim())
  if (filters.mine) params.set('mine', '1')
  for (const [name, value] of Object.entries(extra)) params.set(name, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** How many filters narrow the list (the pile is a choice of list, not a filter). */
export const activeFilterCount = (filters: LeadFilters): number =>
  new URLSearchParams(leadQuery({...filters, spam: false})).size

/**
 * A request with the staff member's token; any failure comes back as a Korean message. A 401
 * ends the session in this tab too, with the server's reason.
 */
export async function authorized(
  path: string,
  init: RequestInit = {},
): Promise<Response | {error: string}> {
  const token = await adminSession.getAccessToken()
  if (!token) return {error: SIGNED_OUT}
  let response: Response
  try {
    response = await fetch(path, {
      ...init,
      headers: {...init.headers, Authorization: `Bearer ${token}`},
    })
  } catch {
    return {error: NETWORK}
  }
  // The sign-in ended on the server (signed out elsewhere, the account disabled): here too.
  if (response.status === 401) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as {error?: unknown} | null
    adminSession.end(typeof body?.error === 'string' ? body.error : SIGNED_OUT)
  }
  return response
}

export async function jsonResult<T>(response: Response | {error: string}): Promise<ApiResult<T>> {
  if (!(response instanceof Response)) return {ok: false, error: response.error}
  const body = (await response.json().catch(() => null)) as ApiResult<T> | null
  if (response.status === 401) return {ok: false, error: SIGNED_OUT}
  if (!body || typeof body !== 'object')
    return {ok: false, error: `요청을 처리하지 못했습니다. (HTTP ${response.status})`}
  return body
}

export async function fetchLeads(filters: LeadFilters, cursor?: string | null) {
  const extra: Record<string, string> = {limit: String(PAGE_SIZE)}
  if (cursor) extra.cursor = cursor
  return jsonResult<{leads: Lead[]; nextCursor: string | null; campaigns?: string[]}>(
    await authorized(`/api/admin/leads${leadQuery(filters, extra)}`),
  )
}

export async function deleteLead(id: string) {
  return jsonResult<{receipt: string}>(
    await authorized(`/api/admin/leads/${encodeURIComponent(id)}`, {method: 'DELETE'}),
  )
}

export async function resendLead(id: string) {
  return jsonResult<{delivered: boolean; lead: Lead}>(
    await authorized(`/api/admin/leads/${encodeURIComponent(id)}/resend`, {method: 'POST'}),
  )
}

/** The CSV as a file: fetched with the token (a plain link could not carry it), then saved. */
export async function downloadLeadsCsv(filters: LeadFilters): Promise<string | null> {
  const response = await authorized(`/api/admin/leads.csv${leadQuery(filters)}`)
  if (!(response instanceof Response)) return response.error
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {error?: string} | null
    return response.status === 401
      ? SIGNED_OUT
      : (body?.error ?? `내려받지 못했습니다. (HTTP ${response.status})`)
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'leads.csv'
  saveFile(await response.blob(), name)
  return null
}

/**
 * A lead as staff open it: the lead, its notes, stage and visit changes, its texts, the same
 * person.
 */
export interface LeadDetail {
  lead: Lead
  notes: Array<{at: string; author: string; text: string}>
  stages: Array<{at: string; actor: string; from: LeadStage; to: LeadStage}>
  visitChanges: VisitChange[]
  owners: Array<{at: string; actor: string; from: string | null; to: string}>
  calls: CallRecord[]
  texts: Array<{kind: string; text: string; status: string; createdAt: string}>
  related: Lead[]
}

export async function fetchLeadDetail(id: string) {
  return jsonResult<LeadDetail>(await authorized(`/api/admin/leads/${encodeURIComponent(id)}`))
}

/** Changes a lead's stage and/or adds a note; answers the lead as opened afresh. */
export async function changeLead(id: string, change: {stage?: LeadStage; note?: string}) {
  return jsonResult<LeadDetail>(
    await authorized(`/api/admin/leads/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(change),
    }),
  )
}

/** Records a call's outcome (a callback with its time); answers the lead as opened afresh. */
export async function recordCall(id: string, call: {outcome: CallOutcome; callbackAt?: string}) {
  return jsonResult<LeadDetail>(
    await authorized(`/api/admin/leads/${encodeURIComponent(id)}/calls`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(call),
    }),
  )
}

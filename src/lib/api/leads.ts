import {adminSession} from '#src/lib/admin-session.ts'
import {saveFile} from '../save-file.ts'
import type {DeliveryStatus, Lead, LeadSource, LeadStage, VisitChange} from '#shared/leads/lead.ts'
import type {CallOutcome, CallRecord} from '#shared/leads/calls.ts'
import type {ExportColumn} from '#shared/leads/export.ts'
import type {LeadDetail} from '#shared/leads/lead-detail.ts'

export type {
  CallOutcome,
  CallRecord,
  DeliveryStatus,
  Lead,
  LeadDetail,
  LeadSource,
  LeadStage,
  VisitChange,
}
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

/** The filters as the staff endpoints name them (empty ones left out). */
function filterParams(filters: LeadFilters): Record<string, string> {
  const params: Record<string, string> = {}
  if (filters.spam) params.spam = '1'
  if (filters.site) params.site = filters.site
  if (filters.source) params.source = filters.source
  if (filters.from) params.from = filters.from
  if (filters.to) params.to = filters.to
  if (filters.status && !filters.spam) params.status = filters.status
  if (filters.stage) params.stage = filters.stage
  if (filters.campaign.trim()) params.campaign = filters.campaign.trim()
  if (filters.q.trim()) params.q = filters.q.trim()
  if (filters.mine) params.mine = '1'
  return params
}

/** The staff endpoints' query string for the filters (empty ones left out). */
export function leadQuery(filters: LeadFilters, extra: Record<string, string> = {}): string {
  const text = new URLSearchParams({...filterParams(filters), ...extra}).toString()
  return text ? `?${text}` : ''
}

/** How many filters narrow the list (the pile is a choice of list, not a filter). */
export const activeFilterCount = (filters: LeadFilters): number =>
  new URLSearchParams(leadQuery({...filters, spam: false})).size

/**
 * A request with the staff member's token; any failure comes back as a Korean message. A 401
 * ends the session in this tab too, with the server's reason.
 */
/**
 * `path` with the sign-in's token. A `background` read (one nobody asked for) takes the token
 * only while it is valid and answers SIGNED_OUT otherwise, never refreshing it.
 */
export async function authorized(
  path: string,
  init: RequestInit = {},
  {background = false}: {background?: boolean} = {},
): Promise<Response | {error: string}> {
  const token = background ? adminSession.currentAccessToken() : await adminSession.getAccessToken()
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

/** A file of the filtered leads as the export dialog asks for it. */
export interface LeadsExport {
  reason: string
  columns: readonly ExportColumn[]
  /** The plain CSV (administrators only) or the CSV inside a ZIP encrypted with `password`. */
  format: 'csv' | 'zip'
  password: string
  passwordConfirm: string
}

/**
 * The file's name as the answer gives it: the Korean one (`filename*`) where there is one.
 */
function attachmentName(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? ''
  const korean = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1]
  if (korean) {
    try {
      return decodeURIComponent(korean)
    } catch {
      // A name that does not decode: the plain one below stands.
    }
  }
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback
}

/**
 * The file fetched with the token (a plain link could not carry it), then saved: the plain CSV
 * read with GET, the encrypted ZIP made by the server from a POST (its password never in an
 * address). Answers the saved file's name, or the server's refusal in Korean.
 */
export async function exportLeads(
  filters: LeadFilters,
  asked: LeadsExport,
): Promise<ApiResult<{name: string}>> {
  const response =
    asked.format === 'csv'
      ? await authorized(
          `/api/admin/leads.csv${leadQuery(filters, {
            reason: asked.reason,
            columns: asked.columns.join(','),
          })}`,
        )
      : await authorized('/api/admin/leads.zip', {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({
            reason: asked.reason,
            columns: asked.columns,
            password: asked.password,
            passwordConfirm: asked.passwordConfirm,
            filters: filterParams(filters),
          }),
        })
  if (!(response instanceof Response) || !response.ok) return jsonResult(response)
  const name = attachmentName(response, `leads.${asked.format}`)
  let file: Blob
  try {
    file = await response.blob()
  } catch {
    return {ok: false, error: '파일을 받는 중에 연결이 끊겼습니다. 다시 내려받아 주세요.'}
  }
  saveFile(file, name)
  return {ok: true, name}
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

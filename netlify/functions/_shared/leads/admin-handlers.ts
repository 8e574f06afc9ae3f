import type {Context} from '@netlify/functions'
import {noteAccess} from '../access-record.ts'
import {auditInsert, type AuditEntry} from '../audit.ts'
import {sql} from '../database.ts'
import {asRecord, fail, json, methodNotAllowed, QUERY_REFUSED, readJsonBody} from '../http.ts'
import {
  seesSite,
  staffQuery,
  staffRequest,
  type StaffIdentity,
  type StaffQuery,
} from '../gates/staff.ts'
import {visitorKey} from '../gates/visitor.ts'
import {claimLead, sendClaimed} from './deliver.ts'
import {
  encodeCursor,
  filterDetail,
  listLeads,
  parseLeadQuery,
  recentCampaigns,
  type LeadQuery,
} from './list.ts'
import {changePipeline, leadDetail, parsePipelineChange, type PipelineChange} from './pipeline.ts'
import {leadSettings} from '../lead-settings.ts'
import {getLead, isLeadId} from './store.ts'

/*
 * The staff endpoints: every one behind the staff's access token, limited to the sites the
 * staff member may see, every use logged.
 */

export const UNAVAILABLE =
  '일시적인 장애로 문의 목록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'
export const NOT_FOUND = '문의를 찾을 수 없습니다. 이미 삭제되었을 수 있습니다.'
export type StaffContext = Pick<Context, 'ip'> & Partial<Pick<Context, 'params'>>

export type Guarded =
  | {ok: true; query: LeadQuery; staff: StaffIdentity; audit: Omit<AuditEntry, 'action'>}
  | {ok: false; response: Response}

/**
 * The filters of a staff read, limited to the sites it may cover, as a lead query (a 400 for a
 * filter that does not hold), and the base of its audit entry.
 */
export function staffLeadQuery(
  {staff, params, sites}: Extract<StaffQuery, {ok: true}>,
  req: Request,
  context: StaffContext,
  now: number,
): Guarded {
  const parsed = parseLeadQuery(params)
  if (!parsed.ok) return {ok: false, response: fail(400, QUERY_REFUSED, parsed.fields)}
  parsed.query.filter.sites = sites
  if (params.get('mine') === '1') parsed.query.filter.owner = staff.email
  return {
    ok: true,
    query: parsed.query,
    staff,
    audit: {
      at: now,
      actor: staff.email,
      visitor: visitorKey(req, context),
      detail: filterDetail(params),
    },
  }
}

/** A staff GET of leads: who asks and the filters of its query string, as `staffLeadQuery`. */
async function guardedQuery(req: Request, context: StaffContext, now: number): Promise<Guarded> {
  const asked = await staffQuery(req, context)
  return asked.ok ? staffLeadQuery(asked, req, context, now) : asked
}

/**
 * GET /api/admin/leads: `{ok, leads, nextCursor}` newest first, and on the first page the campaigns
 * to filter by.
 */
export async function listLeadsHandler(
  req: Request,
  context: StaffContext,
  now = Date.now(),
): Promise<Response> {
  const guarded = await guardedQuery(req, context, now)
  if (!guarded.ok) return guarded.response
  try {
    const [page, campaigns] = await Promise.all([
      listLeads(guarded.query, {...guarded.audit, action: 'list'}),
      guarded.query.cursor ? undefined : recentCampaigns(guarded.staff.sites),
    ])
    noteAccess(req, {subject: {count: page.leads.length}})
    return json({
      ok: true,
      leads: page.leads,
      nextCursor: page.next ? encodeCursor(page.next) : null,
      ...(campaigns ? {campaigns} : {}),
    })
  } catch (error) {
    console.error('admin leads: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

export type StaffAction =
  | {ok: true; id: string; staff: StaffIdentity; audit: Omit<AuditEntry, 'action'>}
  | {ok: false; response: Response}

/**
 * The staff member and the lead of a request on one lead (`/api/admin/leads/:id…`). A lead
 * of a site they may not see is answered like a lead that does not exist: 404.
 */
export async function guardedAction(
  req: Request,
  context: StaffContext,
  method: string,
  now: number,
): Promise<StaffAction> {
  const gate = await staffRequest(req, context, method)
  if (!gate.ok) return gate
  const id = context.params?.id ?? ''
  if (!isLeadId(id)) return {ok: false, response: fail(404, NOT_FOUND)}
  const {staff} = gate
  return {
    ok: true,
    id,
    staff,
    audit: {at: now, actor: staff.email, visitor: visitorKey(req, context)},
  }
}

/** The lead of an action if the staff member may see its site (a lead's site never changes). */
async function visibleLead(action: {id: string; staff: StaffIdentity}) {
  const lead = await getLead(action.id)
  return lead && seesSite(action.staff, lead.site) ? lead : null
}

/**
 * POST /api/admin/leads/:id/resend: one delivery attempt now, whatever the backoff
 * says. Answers `{ok: true, delivered, lead}`; a refused delivery is a result, not an
 * error of this request.
 */
export async function resendLeadHandler(
  req: Request,
  context: StaffContext,
  now = Date.now(),
): Promise<Response> {
  const action = await guardedAction(req, context, 'POST', now)
  if (!action.ok) return action.response
  const settings = leadSettings()
  if (settings.forwarding === 'preview-held')
    return fail(409, '미리보기 배포에서는 문의를 외부로 전달하지 않습니다.')
  const url = settings.forwardUrl
  if (!url) return fail(409, '전달 주소(FORM_FORWARD_URL)가 설정되지 않아 보낼 수 없습니다.')
  try {
    if (!(await visibleLead(action))) return fail(404, NOT_FOUND)
    const result = await claimLead(action.id, now, {...action.audit, action: 'resend'})
    if (!result.claimed) {
      if (result.status === null) return fail(404, NOT_FOUND)
      if (result.status === 'held')
        return fail(409, '스팸으로 분류된 문의는 다시 보낼 수 없습니다.')
      if (result.status === 'delivered') return fail(409, '이미 전달된 문의입니다.')
      return fail(409, '이 문의의 전달이 이미 진행 중입니다. 잠시 후 다시 확인해 주세요.')
    }
    const outcome = await sendClaimed(result.claimed, {url})
    return json({ok: true, delivered: outcome === 'delivered', lead: await getLead(action.id)})
  } catch (error) {
    console.error('admin resend: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

/**
 * DELETE /api/admin/leads/:id: forgets a lead at the visitor's request (their right to
 * erasure). The deletion and its audit entry (with the receipt, so the request can be
 * answered later) are one statement.
 */
export async function deleteLeadHandler(
  req: Request,
  context: StaffContext,
  now = Date.now(),
): Promise<Response> {
  const action = await guardedAction(req, context, 'DELETE', now)
  if (!action.ok) return action.response
  try {
    const lead = await visibleLead(action)
    if (!lead) return fail(404, NOT_FOUND)
    const s = sql()
    const gone = await s<{receipt: string}>`
      WITH gone AS (DELETE FROM leads WHERE id = ${action.id}::uuid RETURNING receipt),
      audit AS (${auditInsert(s, {
        ...action.audit,
        action: 'delete',
        leadId: action.id,
        detail: {receipt: lead.receipt},
      })} WHERE EXISTS (SELECT 1 FROM gone))
      SELECT receipt FROM gone`
    if (gone.length === 0) return fail(404, NOT_FOUND)
    return json({ok: true, receipt: lead.receipt})
  } catch (error) {
    console.error('admin delete: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

/** The largest body of a PATCH: a note of NOTE_MAX characters, each up to 4 bytes, and a stage. */
const PATCH_MAX_BYTES = 16 * 1024

/**
 * GET /api/admin/leads/:id: the lead as staff open it (`{ok, lead, notes, stages, texts,
 * related}`). PATCH with `{stage?, note?}`: changes its pipeline stage and adds a note, each
 * audited, and answers as GET does. A lead of a site the staff member may not see is 404.
 */
export async function leadHandler(
  req: Request,
  context: StaffContext,
  now = Date.now(),
): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'PATCH') return methodNotAllowed(['GET', 'PATCH'])
  const action = await guardedAction(req, context, req.method, now)
  if (!action.ok) return action.response
  let change: PipelineChange | undefined
  if (req.method === 'PATCH') {
    const body = await readJsonBody(req, PATCH_MAX_BYTES)
    if (!body.ok) return body.response
    const parsed = parsePipelineChange(asRecord(body.value))
    if (!parsed.ok) return fail(400, parsed.error, parsed.fields)
    change = parsed.change
  }
  try {
    const {sites} = action.staff
    if (change && !(await changePipeline(action.id, sites, change, action.audit)))
      return fail(404, NOT_FOUND)
    const detail = await leadDetail(action.id, sites, action.audit)
    return detail ? json({ok: true, ...detail}) : fail(404, NOT_FOUND)
  } catch (error) {
    console.error('admin lead: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

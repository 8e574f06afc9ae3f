import type {Context} from '@netlify/functions'
import {requireAdmin} from '../auth.ts'
import {fail, json, methodNotAllowed, SECURITY_HEADERS} from '../http.ts'
import {leadsCsv} from './csv.ts'
import {attemptDelivery} from './deliver.ts'
import {leadKey} from './lead.ts'
import {allLeads, listLeads, parseLeadQuery, type LeadQuery} from './list.ts'
import {seoulDate} from './seoul-time.ts'
import {leadSettings} from './settings.ts'
import {listKeys} from '../blobs.ts'
import {getLead} from './store.ts'

/* The staff endpoints: every one behind the administrator's access token. */

const UNAVAILABLE = '일시적인 장애로 문의 목록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'

type Guarded = {ok: true; query: LeadQuery} | {ok: false; response: Response}

async function guardedQuery(req: Request): Promise<Guarded> {
  if (req.method !== 'GET') return {ok: false, response: methodNotAllowed(['GET'])}
  const admin = await requireAdmin(req)
  if (admin instanceof Response) return {ok: false, response: admin}
  const parsed = parseLeadQuery(new URL(req.url).searchParams)
  if (!parsed.ok) return {ok: false, response: fail(400, '조회 조건을 확인해 주세요.', parsed.fields)}
  return {ok: true, query: parsed.query}
}

/** GET /api/admin/leads: `{ok, leads, nextCursor}`, newest first. */
export async function listLeadsHandler(req: Request): Promise<Response> {
  const guarded = await guardedQuery(req)
  if (!guarded.ok) return guarded.response
  try {
    return json({ok: true, ...(await listLeads(guarded.query))})
  } catch (error) {
    console.error('admin leads: store unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

/** GET /api/admin/leads.csv: every lead the filters let through, for Excel. */
export async function leadsCsvHandler(req: Request, now: () => number = Date.now): Promise<Response> {
  const guarded = await guardedQuery(req)
  if (!guarded.ok) return guarded.response
  try {
    const csv = leadsCsv(await allLeads(guarded.query.filter))
    const name = `${guarded.query.filter.pile === 'spam' ? 'spam' : 'leads'}-${seoulDate(now()).replaceAll('-', '')}.csv`
    const headers = new Headers(SECURITY_HEADERS)
    headers.set('Content-Type', 'text/csv; charset=utf-8')
    headers.set('Content-Disposition', `attachment; filename="${name}"`)
    return new Response(csv, {status: 200, headers})
  } catch (error) {
    console.error('admin leads csv: store unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

/**
 * POST /api/admin/leads/:id/resend: one delivery attempt now, whatever the backoff
 * says. Answers `{ok: true, delivered, lead}`; a refused delivery is a result, not an
 * error of this request.
 */
export async function resendLeadHandler(req: Request, context: Pick<Context, 'params'>): Promise<Response> {
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const admin = await requireAdmin(req)
  if (admin instanceof Response) return admin
  const url = leadSettings().forwardUrl
  if (!url) return fail(409, '전달 주소(FORM_FORWARD_URL)가 설정되지 않아 보낼 수 없습니다.')
  const id = context.params.id ?? ''
  try {
    const key = (await listKeys('leads', 'lead/')).find((candidate) => candidate.endsWith(`/${id}`))
    const lead = key ? await getLead(key) : null
    if (!lead) return fail(404, '문의를 찾을 수 없습니다. 스팸으로 분류된 문의는 다시 보낼 수 없습니다.')
    if (lead.delivery.status === 'delivered') return fail(409, '이미 전달된 문의입니다.')
    // A new lead belongs to its inline delivery until its first retry is due.
    if (lead.delivery.attempts === 0 && lead.delivery.status === 'pending' && Date.parse(lead.delivery.nextAttemptAt ?? '') > Date.now()) {
      return fail(409, '방금 접수되어 전달하는 중입니다. 1분 뒤에 다시 확인해 주세요.')
    }
    const outcome = await attemptDelivery(leadKey(lead), {url})
    if (outcome === 'busy') return fail(409, '이 문의의 전달이 이미 진행 중입니다. 잠시 후 다시 확인해 주세요.')
    return json({ok: true, delivered: outcome === 'delivered', lead: await getLead(leadKey(lead))})
  } catch (error) {
    console.error('admin resend: store unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

import type {Context} from '@netlify/functions'
import {noteAccess} from '../access-record.ts'
import type {StaffIdentity} from '../auth/access-token.ts'
import {auditInsert} from '../audit.ts'
import {auditStaffRefusal, requireStaff, requireSignIn, type StaffSignIn} from './signed-in.ts'
import type {Sql} from '../database.ts'
import {asRecord, fail, methodNotAllowed, readJsonBody} from '../http.ts'
import {visitorKey} from './visitor.ts'

/*
 * The prologue of every staff endpoint (the method, then the access token) and the sites a
 * staff member may see: an administrator (no sites in ADMIN_USERS) sees every site, a
 * counsellor only theirs.
 */

export type {StaffIdentity}

export type StaffGate = {ok: true; staff: StaffIdentity} | {ok: false; response: Response}

/**
 * The staff member behind a request of `method`, or the 405 or 401 answer to return as is.
 * The access record of the request names them.
 */
export async function staffRequest(
  req: Request,
  context: Pick<Context, 'ip'>,
  method: string,
): Promise<StaffGate> {
  if (req.method !== method) return {ok: false, response: methodNotAllowed([method])}
  const staff = await requireStaff(req, context)
  if (staff instanceof Response) return {ok: false, response: staff}
  noteAccess(req, {actor: staff.email})
  return {ok: true, staff}
}

/**
 * A staff request only administrators may make (`refusal` says what, in Korean): a
 * counsellor's is a 403, logged as a refusal.
 */
export async function administratorRequest(
  req: Request,
  context: Pick<Context, 'ip'>,
  method: string,
  refusal: string,
): Promise<StaffGate> {
  const gate = await staffRequest(req, context, method)
  if (!gate.ok || isAdministrator(gate.staff)) return gate
  await auditStaffRefusal(req, context, {actor: gate.staff.email, reason: 'not-administrator'})
  return {ok: false, response: fail(403, refusal)}
}

/**
 * The sign-in behind a request of `method`, whether or not it passed its second factor: for
 * the second factor's own endpoints only (passing one, enrolling one), never for data.
 */
export async function signInRequest(
  req: Request,
  context: Pick<Context, 'ip'>,
  method: string,
): Promise<{ok: true; signIn: StaffSignIn} | {ok: false; response: Response}> {
  if (req.method !== method) return {ok: false, response: methodNotAllowed([method])}
  const signIn = await requireSignIn(req, context)
  return signIn instanceof Response ? {ok: false, response: signIn} : {ok: true, signIn}
}

/**
 * A staff POST with a JSON object of at most `maxBytes`: who asks and the object, or the answer
 * to return as is (405, 401, the body's refusal, or 400 with `notObject` for JSON that is no
 * object).
 */
export async function staffJsonPost(
  req: Request,
  context: Pick<Context, 'ip'>,
  {maxBytes, notObject}: {maxBytes: number; notObject: string},
): Promise<
  {ok: true; staff: StaffIdentity; body: Record<string, unknown>} | {ok: false; response: Response}
> {
  const gate = await staffRequest(req, context, 'POST')
  if (!gate.ok) return gate
  const read = await readJsonBody(req, maxBytes)
  if (!read.ok) return read
  const body = asRecord(read.value)
  return body ? {ok: true, staff: gate.staff, body} : {ok: false, response: fail(400, notObject)}
}

/** An administrator: an account without a site list, who sees every site. */
export const isAdministrator = (staff: StaffIdentity): boolean => staff.sites === null

export const seesSite = (staff: StaffIdentity, site: string): boolean =>
  staff.sites === null || staff.sites.includes(site)

const SITE_REFUSED = '이 현장의 정보를 볼 권한이 없습니다.'

/**
 * The sites a read may cover: the one asked for, if the staff member may see it, else all
 * they may see (null: every site). A site they may not see is a 403, not an empty answer,
 * so a mistyped filter is told apart from a site without leads.
 */
export function siteScope(
  staff: StaffIdentity,
  asked: string | null | undefined,
): {ok: true; sites: string[] | null} | {ok: false; response: Response} {
  if (!asked) return {ok: true, sites: staff.sites}
  if (!seesSite(staff, asked))
    return {ok: false, response: fail(403, SITE_REFUSED, {site: SITE_REFUSED})}
  return {ok: true, sites: [asked]}
}

export type StaffQuery =
  | {ok: true; staff: StaffIdentity; params: URLSearchParams; sites: string[] | null}
  | {ok: false; response: Response}

/**
 * A staff GET: who asks, its query parameters and the sites (`?site=`) it may cover. A site
 * the staff member may not see is logged as a refusal.
 */
export async function staffQuery(req: Request, context: Pick<Context, 'ip'>): Promise<StaffQuery> {
  const gate = await staffRequest(req, context, 'GET')
  if (!gate.ok) return gate
  return scopedQuery(req, context, gate.staff, new URL(req.url).searchParams)
}

/**
 * The sites a staff read with the filters `params` may cover, whichever way the filters came
 * (a query string, a JSON body); a site the staff member may not see is logged as a refusal.
 */
export async function scopedQuery(
  req: Request,
  context: Pick<Context, 'ip'>,
  staff: StaffIdentity,
  params: URLSearchParams,
): Promise<StaffQuery> {
  const scope = siteScope(staff, params.get('site')?.trim())
  if (!scope.ok) {
    await auditStaffRefusal(req, context, {actor: staff.email, reason: 'site'})
    return scope
  }
  return {ok: true, staff, params, sites: scope.sites}
}

/**
 * The audit entry of a staff member's read (a list, the schedule, the dashboard, the day), to
 * run as a part of the statement that reads, so the read and its entry go together.
 */
export const readAudit = (
  s: Sql,
  req: Request,
  context: Pick<Context, 'ip'>,
  {actor, at, detail}: {actor: string; at: number; detail: Record<string, unknown>},
) => auditInsert(s, {at, actor, action: 'list', visitor: visitorKey(req, context), detail})

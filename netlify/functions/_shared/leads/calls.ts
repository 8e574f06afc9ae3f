import type {Context} from '@netlify/functions'
import {CALL_OUTCOME_LABELS, CALL_OUTCOMES, type CallOutcome} from '#shared/leads/calls.ts'
import {DAY_MS} from '#shared/korea-time.ts'
import {auditInsert, type AuditEntry} from '../audit.ts'
import {sql} from '../database.ts'
import {asRecord, fail, json, readJsonBody} from '../http.ts'
import {guardedAction, NOT_FOUND, UNAVAILABLE} from './admin-handlers.ts'
import {leadDetail} from './pipeline.ts'

/*
 * A call's outcome (통화 결과) recorded on a lead in one tap: connected, no answer, or a call
 * back asked for at a time. The lead's last contact becomes the call's time; a connected call
 * moves a new lead to contacted as a staff stage change would, and ends a pending call back;
 * a call back asked for replaces the one pending; no answer leaves it pending.
 */

/** A call back is asked for within this many days (a counsellor's horizon, not a diary's). */
export const CALLBACK_MAX_DAYS = 90

export interface CallChange {
  outcome: CallOutcome
  /** For a callback only: when to call again (epoch ms). */
  callbackAt?: number
}

type ParsedCall =
  {ok: true; call: CallChange} | {ok: false; error: string; fields: Record<string, string>}

const OUTCOME_NAMES = CALL_OUTCOMES.map(
  (outcome) => `${CALL_OUTCOME_LABELS[outcome]}(${outcome})`,
).join(', ')

/** An instant with its offset, as the panel sends it (`2026-12-01T14:00:00+09:00`). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/

/** `{outcome, callbackAt?}` from a POST's body, with a Korean message for what is wrong. */
export function parseCall(body: Record<string, unknown> | null, now: number): ParsedCall {
  const fields: Record<string, string> = {}
  const outcome = body?.outcome
  if (!CALL_OUTCOMES.includes(outcome as CallOutcome))
    fields.outcome = `통화 결과는 ${OUTCOME_NAMES} 중 하나여야 합니다.`
  const asked = body?.callbackAt
  let callbackAt: number | undefined
  if (outcome === 'callback') {
    const at = typeof asked === 'string' && INSTANT.test(asked) ? Date.parse(asked) : NaN
    if (asked === undefined || asked === null || asked === '')
      fields.callbackAt = '다시 전화할 시각을 입력해 주세요.'
    else if (Number.isNaN(at))
      fields.callbackAt = '다시 전화할 시각을 날짜와 시각으로 입력해 주세요.'
    else if (at <= now) fields.callbackAt = '다시 전화할 시각은 지금 이후로 정해 주세요.'
    else if (at > now + CALLBACK_MAX_DAYS * DAY_MS)
      fields.callbackAt = `다시 전화할 시각은 ${CALLBACK_MAX_DAYS}일 이내로 정해 주세요.`
    else callbackAt = at
  } else if (asked !== undefined && asked !== null) {
    fields.callbackAt = '다시 전화할 시각은 재통화 요청에만 적을 수 있습니다.'
  }
  if (Object.keys(fields).length > 0)
    return {ok: false, error: '통화 결과를 확인해 주세요.', fields}
  return {ok: true, call: {outcome: outcome as CallOutcome, callbackAt}}
}

/**
 * Records a call on the lead `id` if its site is one of `sites` (null: any). One statement:
 * the lead's last contact and pending call back, its stage when a connected call moves it
 * from new, the call's audit row and the stage change's; nothing when the lead is not found.
 * Returns whether it was.
 */
export async function recordCall(
  id: string,
  sites: string[] | null,
  {outcome, callbackAt}: CallChange,
  audit: Omit<AuditEntry, 'action' | 'leadId'>,
): Promise<boolean> {
  const s = sql()
  const entry = {...audit, leadId: id}
  const at = new Date(audit.at)
  const callback = callbackAt === undefined ? null : new Date(callbackAt)
  const rows = await s<{found: boolean}>`
    WITH target AS (
      SELECT id, stage FROM leads
      WHERE id = ${id}::uuid AND (${sites}::text[] IS NULL OR site = ANY(${sites}::text[]))
      FOR UPDATE
    ), called AS (
      UPDATE leads l SET last_contact_at = ${at},
        callback_at = CASE ${outcome}::text
          WHEN 'callback' THEN ${callback}::timestamptz
          WHEN 'connected' THEN NULL
          ELSE l.callback_at END,
        stage = CASE WHEN ${outcome}::text = 'connected' AND t.stage = 'new'
          THEN 'contacted' ELSE t.stage END
      FROM target t WHERE l.id = t.id
      RETURNING t.stage AS before, l.stage AS after
    ), call_audit AS (
      ${auditInsert(s, {
        ...entry,
        action: 'call',
        detail: {outcome, ...(callback ? {callbackAt: callback.toISOString()} : {})},
      })}
      FROM called
    ), stage_audit AS (
      ${auditInsert(
        s,
        {...entry, action: 'stage'},
        s`jsonb_build_object('from', before, 'to', after)`,
      )}
      FROM called WHERE before <> after
    )
    SELECT EXISTS (SELECT 1 FROM target) AS found`
  return rows[0]?.found === true
}

/** The largest body of a call: an outcome and a time, with room to spare. */
const CALL_MAX_BYTES = 1024

/**
 * POST /api/admin/leads/:id/calls `{outcome, callbackAt?}`: records a call's outcome and
 * answers 201 with the lead as GET /api/admin/leads/:id does. Bad input is a 400 in Korean
 * and stores nothing; a lead of a site the staff member may not see is 404.
 */
export async function callHandler(
  req: Request,
  context: Pick<Context, 'ip'> & Partial<Pick<Context, 'params'>>,
  now = Date.now(),
): Promise<Response> {
  const action = await guardedAction(req, context, 'POST', now)
  if (!action.ok) return action.response
  const body = await readJsonBody(req, CALL_MAX_BYTES)
  if (!body.ok) return body.response
  const parsed = parseCall(asRecord(body.value), now)
  if (!parsed.ok) return fail(400, parsed.error, parsed.fields)
  try {
    const {sites} = action.staff
    if (!(await recordCall(action.id, sites, parsed.call, action.audit)))
      return fail(404, NOT_FOUND)
    const detail = await leadDetail(action.id, sites, action.audit)
    return detail ? json({ok: true, ...detail}, 201) : fail(404, NOT_FOUND)
  } catch (error) {
    console.error('admin call: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

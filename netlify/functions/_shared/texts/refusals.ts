import type {Refusal} from '#shared/texts/refusal.ts'
import type {Context} from '@netlify/functions'
import {normalizePhone} from '#shared/leads/normalize-phone.ts'
import {noteAccess} from '../access-record.ts'
import {auditInsert} from '../audit.ts'
import {sql, type Sql} from '../database.ts'
import {asRecord, fail, json, readJsonBody} from '../http.ts'
import {staffRequest} from '../gates/staff.ts'
import {visitorKey} from '../gates/visitor.ts'

/*
 * Refusals of advertising texts (수신거부, table text_refusals). A refusal stops every
 * advertising text to the number on every site: the outbox never queues one for it, and
 * the statement that records the refusal cancels any advert still waiting to go.
 */

type Fragment = ReturnType<Sql>

export type RefusalSource = 'staff' | 'visitor' | '080'

/** Why a cancelled advert was not sent, as staff read it in the 문자 발송함. */
export const REFUSED_REASON = '수신거부'

const BODY_MAX = 1024

/**
 * CTEs `refusal` (per number: `created_at`, when it first refused, and `first`, whether
 * this statement recorded it) and `stopped` (the adverts to it that were waiting, now
 * cancelled) for the numbers `phones` selects (one column, `phone`), to run as a part of
 * the statement that takes the refusal. A refusal recorded meanwhile by another statement
 * is still returned: the upsert locks and reads the stored row, which the statement's own
 * snapshot may not show. An advert under a live claim is being handed to the provider and
 * is left to record what became of it (a failed one is cancelled at its next claim).
 *
 * Both read the numbers from `locked`, which takes each number's refusal lock first (in
 * the numbers' order): an advert being queued holds that lock while it waits on the rows
 * this statement changes, so taking it after them (as the refusal's trigger does) would
 * deadlock.
 */
export function refusalCtes(
  s: Sql,
  {phones, at, source, actor}: {phones: Fragment; at: number; source: RefusalSource; actor: string},
): Fragment {
  return s`locked AS (
      SELECT o.phone, lock_text_refusal(o.phone) FROM (
        SELECT p.phone FROM (${phones}) p ORDER BY p.phone
      ) o
    ), refusal AS (
      INSERT INTO text_refusals (phone, created_at, source, actor)
      SELECT l.phone, ${new Date(at)}::timestamptz, ${source}::text, ${actor}::text
      FROM locked l
      ON CONFLICT (phone) DO UPDATE SET created_at = text_refusals.created_at
      RETURNING phone, created_at, xmax = 0 AS first
    ), stopped AS (
      UPDATE text_messages t SET status = 'cancelled', last_error = ${REFUSED_REASON}::text,
        next_attempt_at = NULL, claim_id = NULL, claimed_until = NULL
      FROM locked l
      WHERE t.recipient = l.phone AND t.kind = 'advert' AND t.status IN ('queued', 'failed')
        AND (t.claimed_until IS NULL OR t.claimed_until <= ${new Date(at)}::timestamptz)
      RETURNING t.id
    )`
}

/** SQL condition: the number in `phone` (an expression) has refused advertising texts. */
export const refused = (s: Sql, phone: Fragment): Fragment =>
  s`EXISTS (SELECT 1 FROM text_refusals r WHERE r.phone = ${phone})`

/**
 * POST /api/admin/refusals {phone}: staff record a number's refusal (a call, a reply to
 * a text). Answers `{ok, phone, refusedAt, cancelled}`: the number as stored, when it
 * first refused, and how many waiting adverts this cancelled. Logged as `refuse-texts`.
 */
export async function recordRefusalHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now = Date.now(),
): Promise<Response> {
  const gate = await staffRequest(req, context, 'POST')
  if (!gate.ok) return gate.response
  const admin = gate.staff
  const body = await readJsonBody(req, BODY_MAX)
  if (!body.ok) return body.response
  const raw = asRecord(body.value)?.phone
  const phone = typeof raw === 'string' ? normalizePhone(raw) : null
  if (!phone)
    return fail(400, '전화번호를 확인해 주세요.', {phone: '올바른 전화번호 형식이 아닙니다.'})
  noteAccess(req, {subject: {phone}})
  const s = sql()
  const audit = auditInsert(s, {
    at: now,
    actor: admin.email,
    action: 'refuse-texts',
    visitor: visitorKey(req, context),
    detail: {phone},
  })
  const refusal = refusalCtes(s, {
    phones: s`SELECT ${phone}::text AS phone`,
    at: now,
    source: 'staff',
    actor: admin.email,
  })
  try {
    const [row] = await s<{refused_at: Date; cancelled: number}>`
      WITH ${refusal}, audit AS (${audit})
      SELECT (SELECT created_at FROM refusal) AS refused_at,
        (SELECT count(*)::int FROM stopped) AS cancelled`
    const answer: Refusal = {
      phone,
      refusedAt: row!.refused_at.toISOString(),
      cancelled: row!.cancelled,
    }
    return json({ok: true, ...answer})
  } catch (error) {
    console.error('admin refusals: database unavailable', error)
    return fail(503, '일시적인 장애로 수신거부를 기록하지 못했습니다. 잠시 후 다시 시도해 주세요.')
  }
}

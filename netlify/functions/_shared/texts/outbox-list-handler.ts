import type {Context} from '@netlify/functions'
import {normalizePhone} from '#shared/leads/normalize-phone.ts'
import type {OutboxStatus, OutboxText} from '#shared/texts/outbox-list.ts'
import type {OutboxKind} from '#shared/texts/render.ts'
import {noteAccess} from '../access-record.ts'
import {sql} from '../database.ts'
import {fail, json} from '../http.ts'
import {readAudit, staffQuery} from '../gates/staff.ts'

/** The messages staff see at once: the latest, or the latest to one number. */
export const TEXTS_LIMIT = 100

/** Why a text did not go, as staff read it: its last error, unless it went after all. */
export const textReason = (status: OutboxStatus, lastError: string | null): string | null =>
  status === 'sent' || status === 'kept' ? null : lastError

/**
 * GET /api/admin/messages?to=PHONE: the texts to a number (any way of writing it the
 * forms accept), newest first, or without `to` the latest 100; the staff's 문자 발송함,
 * which shows the local provider's texts exactly as the phone would. Staff only, the texts
 * of leads of the sites they may see, and logged like a list of leads (the texts carry
 * names and numbers).
 */
export async function listTextsHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now = Date.now(),
): Promise<Response> {
  const asked = await staffQuery(req, context)
  if (!asked.ok) return asked.response
  const {staff, params, sites} = asked
  const raw = params.get('to')
  const to = raw === null || raw.trim() === '' ? null : normalizePhone(raw)
  if (raw !== null && raw.trim() !== '' && !to)
    return fail(400, '전화번호를 확인해 주세요.', {to: '올바른 전화번호 형식이 아닙니다.'})
  const s = sql()
  const audit = readAudit(s, req, context, {
    actor: staff.email,
    at: now,
    detail: {messages: true, ...(to ? {to} : {})},
  })
  try {
    const rows = await s<{
      recipient: string
      kind: OutboxKind
      body: string
      status: OutboxStatus
      last_error: string | null
      created_at: Date
    }>`WITH audit AS (${audit})
      SELECT m.recipient, m.kind, m.body, m.status, m.last_error, m.created_at
      FROM text_messages m JOIN leads l ON l.id = m.lead_id
      WHERE (${to}::text IS NULL OR m.recipient = ${to})
        AND (${sites}::text[] IS NULL OR l.site = ANY(${sites}::text[]))
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${TEXTS_LIMIT}`
    const items: OutboxText[] = rows.map((row) => ({
      to: row.recipient,
      kind: row.kind,
      text: row.body,
      status: row.status,
      reason: textReason(row.status, row.last_error),
      createdAt: row.created_at.toISOString(),
    }))
    noteAccess(req, {subject: {count: items.length}})
    return json({ok: true, items})
  } catch (error) {
    console.error('admin messages: database unavailable', error)
    return fail(
      503,
      '일시적인 장애로 문자 발송함을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.',
    )
  }
}

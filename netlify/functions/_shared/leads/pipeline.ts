import {LEAD_STAGES, STAGE_LABELS, type LeadStage} from '#shared/leads/lead.ts'
import {auditInsert, VISITOR_LINK_ACTOR, type AuditEntry} from '../audit.ts'
import {sql} from '../database.ts'
import {textReason} from '../texts/outbox-list-handler.ts'
import type {OutboxStatus, OutboxText} from '#shared/texts/outbox-list.ts'
import {stripControls} from '../control-characters.ts'
import type {CallOutcome} from '#shared/leads/calls.ts'
import {looksEmpty} from '#shared/invisible.ts'
import type {LeadDetail} from '#shared/leads/lead-detail.ts'
import {STAFF_ALERT_KIND} from '#shared/texts/render.ts'
import {writeVisitAt} from '#shared/visits/visit-time.ts'
import {leadColumns, leadFromRow, REPEAT_WINDOW, type LeadRow} from './store.ts'

/*
 * The staff's pipeline of a lead: its stage and their notes. A change is one statement
 * that changes the lead (only of a site the staff member may see), adds the note and
 * writes the audit entries; a lead of another site is changed no more than a missing one.
 */

export const NOTE_MAX = 2000

export interface PipelineChange {
  stage?: LeadStage
  note?: string
}

export type ParsedChange =
  {ok: true; change: PipelineChange} | {ok: false; error: string; fields?: Record<string, string>}

const STAGE_NAMES = LEAD_STAGES.map((stage) => `${STAGE_LABELS[stage]}(${stage})`).join(', ')

/** `{stage?, note?}` from the body of a PATCH, with a Korean message for what is wrong. */
export function parsePipelineChange(body: Record<string, unknown> | null): ParsedChange {
  if (!body) return {ok: false, error: '요청 형식이 올바르지 않습니다.'}
  const fields: Record<string, string> = {}
  const change: PipelineChange = {}
  if (body.stage !== undefined) {
    if (LEAD_STAGES.includes(body.stage as LeadStage)) change.stage = body.stage as LeadStage
    else fields.stage = `진행 단계는 ${STAGE_NAMES} 중 하나여야 합니다.`
  }
  if (body.note !== undefined) {
    const note = typeof body.note === 'string' ? stripControls(body.note).trim() : ''
    if (looksEmpty(note)) fields.note = '메모 내용을 입력해 주세요.'
    else if ([...note].length > NOTE_MAX)
      fields.note = `메모는 ${NOTE_MAX.toLocaleString('ko-KR')}자 이내로 입력해 주세요.`
    else change.note = note
  }
  if (Object.keys(fields).length > 0)
    return {
      ok: false,
      error: fields.stage ? '진행 단계를 확인해 주세요.' : '메모를 확인해 주세요.',
      fields,
    }
  if (change.stage === undefined && change.note === undefined)
    return {ok: false, error: '바꿀 진행 단계나 메모를 보내 주세요.'}
  return {ok: true, change}
}

/**
 * Applies a change to the lead `id` if its site is one of `sites` (null: any). One
 * statement: the stage (audited with the stage before, only when it changes, and the lead's
 * last contact), the note
 * (audited), or nothing at all when the lead is not found. Returns whether it was.
 */
export async function changePipeline(
  id: string,
  sites: string[] | null,
  {stage, note}: PipelineChange,
  audit: Omit<AuditEntry, 'action' | 'leadId'>,
): Promise<boolean> {
  const s = sql()
  const entry = {...audit, leadId: id}
  const rows = await s<{found: boolean}>`
    WITH target AS (
      SELECT id, stage FROM leads
      WHERE id = ${id}::uuid AND (${sites}::text[] IS NULL OR site = ANY(${sites}::text[]))
      FOR UPDATE
    ), staged AS (
      UPDATE leads l SET stage = ${stage ?? null}::text, last_contact_at = ${new Date(audit.at)}
      FROM target t
      WHERE l.id = t.id AND ${stage ?? null}::text IS NOT NULL AND t.stage <> ${stage ?? null}::text
      RETURNING t.stage AS before, l.stage AS after
    ), noted AS (
      INSERT INTO lead_notes (lead_id, at, author, body)
      SELECT id, ${new Date(audit.at)}, ${audit.actor}, ${note ?? null}::text FROM target
      WHERE ${note ?? null}::text IS NOT NULL
      RETURNING id
    ), stage_audit AS (
      ${auditInsert(
        s,
        {...entry, action: 'stage'},
        s`jsonb_build_object('from', before, 'to', after)`,
      )}
      FROM staged
    ), note_audit AS (
      ${auditInsert(s, {...entry, action: 'note'}, s`jsonb_build_object('note', id)`)} FROM noted
    )
    SELECT EXISTS (SELECT 1 FROM target) AS found`
  return rows[0]?.found === true
}

const VISIT_CHANGES = {
  'visit-move': 'move',
  'visit-cancel': 'cancel',
  'check-in': 'check-in',
  'walk-in': 'walk-in',
  'visit-book': 'book',
  'no-show': 'no-show',
  'visit-confirm': 'confirm',
} as const

/** A start the audit log keeps (an instant in JSON), as a slot start, or null. */
const startOf = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
    ? writeVisitAt(Date.parse(value))
    : null

/**
 * Everything staff see when they open a lead of `sites` (null: any), or null when there is
 * none. Opening it is logged (it shows personal data) by the statement that reads the lead.
 */
export async function leadDetail(
  id: string,
  sites: string[] | null,
  audit: Omit<AuditEntry, 'action' | 'leadId'>,
): Promise<LeadDetail | null> {
  const s = sql()
  const [row] = await s<LeadRow>`
    WITH found AS (
      SELECT ${leadColumns(s)} FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id
      WHERE l.id = ${id}::uuid AND (${sites}::text[] IS NULL OR l.site = ANY(${sites}::text[]))
    ), audit AS (
      ${auditInsert(s, {...audit, leadId: id, action: 'list', detail: {view: 'lead'}})}
      WHERE EXISTS (SELECT 1 FROM found)
    )
    SELECT * FROM found`
  if (!row) return null
  const lead = leadFromRow(row)
  const [notes, stages, visitChanges, calls, texts, related, owners] = await Promise.all([
    s<{at: Date; author: string; body: string}>`
      SELECT at, author, body FROM lead_notes WHERE lead_id = ${id}::uuid ORDER BY at, id`,
    s<{at: Date; actor: string; detail: {from: LeadStage; to: LeadStage}}>`
      SELECT at, actor, detail FROM audit_log
      WHERE lead_id = ${id}::uuid AND action = 'stage' ORDER BY at, id`,
    s<{
      at: Date
      actor: string
      action: keyof typeof VISIT_CHANGES
      detail: Record<string, unknown>
    }>`
      SELECT at, actor, action, detail FROM audit_log
      WHERE lead_id = ${id}::uuid AND action = ANY(${Object.keys(VISIT_CHANGES)}::text[])
      ORDER BY at, id`,
    s<{at: Date; actor: string; detail: {outcome: CallOutcome; callbackAt?: string}}>`
      SELECT at, actor, detail FROM audit_log
      WHERE lead_id = ${id}::uuid AND action = 'call' ORDER BY at, id`,
    s<{
      kind: OutboxText['kind']
      body: string
      status: OutboxStatus
      last_error: string | null
      created_at: Date
    }>`
      SELECT kind, body, status, last_error, created_at FROM text_messages
      WHERE lead_id = ${id}::uuid AND kind <> ${STAFF_ALERT_KIND} ORDER BY created_at, id`,
    s<LeadRow>`
      SELECT ${leadColumns(s)} FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id
      WHERE l.site = ${lead.site} AND l.phone = ${lead.phone} AND l.id <> ${id}::uuid
        AND l.spam_reason IS NULL
        AND l.created_at >= ${row.created_at}::timestamptz - ${REPEAT_WINDOW}::interval
        AND l.created_at <= ${row.created_at}::timestamptz + ${REPEAT_WINDOW}::interval
      ORDER BY l.created_at DESC, l.id DESC`,
    s<{at: Date; actor: string; detail: {from: string | null; to: string}}>`
      SELECT at, actor, detail FROM audit_log
      WHERE lead_id = ${id}::uuid AND action = 'owner' ORDER BY at, id`,
  ])
  return {
    lead,
    notes: notes.map((note) => ({at: note.at.toISOString(), author: note.author, text: note.body})),
    stages: stages.map((change) => ({
      at: change.at.toISOString(),
      actor: change.actor,
      from: change.detail.from,
      to: change.detail.to,
    })),
    visitChanges: visitChanges.map((change) => ({
      at: change.at.toISOString(),
      actor: change.actor === VISITOR_LINK_ACTOR ? null : change.actor,
      change: VISIT_CHANGES[change.action],
      from: startOf(change.detail.from),
      to: startOf(change.detail.to),
    })),
    calls: calls.map((call) => ({
      at: call.at.toISOString(),
      actor: call.actor,
      outcome: call.detail.outcome,
      callbackAt: call.detail.callbackAt ?? null,
    })),
    texts: texts.map((text) => ({
      kind: text.kind,
      text: text.body,
      status: text.status,
      reason: textReason(text.status, text.last_error),
      createdAt: text.created_at.toISOString(),
    })),
    related: related.map(leadFromRow),
    owners: owners.map((change) => ({
      at: change.at.toISOString(),
      actor: change.actor,
      from: change.detail.from,
      to: change.detail.to,
    })),
  }
}

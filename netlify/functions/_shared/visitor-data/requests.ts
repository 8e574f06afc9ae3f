import {randomUUID} from 'node:crypto'
import {DAY_MS} from '#shared/korea-time.ts'
import {REQUEST_ANSWER_KIND} from '#shared/texts/render.ts'
import {
  REQUEST_DUE_DAYS,
  type RequestKind,
  type RequestStatus,
  type StaffRequestItem,
  type StaffRequestKind,
  type VisitorRequest,
} from '#shared/visitor-data/contract.ts'
import {sql, type Sql} from '../database.ts'
import {TEXT_LEASE_MS} from '../texts/outbox-rules.ts'
import {type ClaimedText} from '../texts/outbox-statements.ts'
import type {TextDeps} from '../texts/outbox-run.ts'
import {phoneKey, type VisitorIdentity} from './session.ts'
import {answerText} from './texts.ts'

/*
 * The record of a visitor's requests (visitor_requests, migration 0034): what, when and how
 * the asker proved the number, written by the statement that answers the request; and the
 * queue of those staff answer, each due REQUEST_DUE_DAYS after it was made.
 */

type Fragment = ReturnType<Sql>

/**
 * The INSERT of an answered request's record, to run as a CTE of the statement that does it
 * (so there is no change without its record, nor a record without its change). `result` is a
 * jsonb expression over `from` (counts, never a name or a number).
 */
export function recordDone(
  s: Sql,
  identity: VisitorIdentity,
  kind: RequestKind,
  now: number,
  {result = s`'{}'::jsonb`, from = s``}: {result?: Fragment; from?: Fragment} = {},
): Fragment {
  return s`INSERT INTO visitor_requests (site, at, kind, verified_by, result, phone_key, status)
    SELECT ${identity.site}, ${new Date(now)}::timestamptz, ${kind}::text,
      ${identity.verifiedBy}::text, ${result}, ${phoneKey(identity.site, identity.phone)}, 'done'
    ${from}`
}

interface RequestRow {
  id: number
  site: string
  kind: RequestKind
  at: Date
  status: RequestStatus
  phone: string | null
  body: string | null
  due_at: Date | null
  answered_at: Date | null
  answered_by: string | null
  answer: string | null
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null

/** A request as the visitor's data page shows it: no number, nor who answered. */
const visitorRequest = (row: RequestRow): VisitorRequest => ({
  id: row.id,
  kind: row.kind,
  at: row.at.toISOString(),
  status: row.status,
  body: row.body,
  dueAt: iso(row.due_at),
  answeredAt: iso(row.answered_at),
  answer: row.answer,
})

/** The number's requests on the site, newest first, as its data page lists them. */
export async function requestsOf(identity: VisitorIdentity): Promise<VisitorRequest[]> {
  const rows = await sql()<RequestRow>`
    SELECT id, site, kind, at, status, phone, body, due_at, answered_at, answered_by, answer
    FROM visitor_requests
    WHERE site = ${identity.site} AND phone_key = ${phoneKey(identity.site, identity.phone)}
    ORDER BY at DESC, id DESC LIMIT 100`
  return rows.map(visitorRequest)
}

/** A request staff must answer, stored with the number to answer and its deadline. */
export async function addStaffRequest(
  identity: VisitorIdentity,
  kind: StaffRequestKind,
  body: string,
  now: number,
): Promise<VisitorRequest> {
  const rows = await sql()<RequestRow>`
    INSERT INTO visitor_requests (site, at, kind, verified_by, phone_key, phone, body, due_at,
      status)
    VALUES (${identity.site}, ${new Date(now)}, ${kind}, ${identity.verifiedBy},
      ${phoneKey(identity.site, identity.phone)}, ${identity.phone}, ${body},
      ${new Date(now + REQUEST_DUE_DAYS * DAY_MS)}, 'open')
    RETURNING id, site, kind, at, status, phone, body, due_at, answered_at, answered_by, answer`
  return visitorRequest(rows[0]!)
}

const staffItem = (row: RequestRow): StaffRequestItem => ({
  id: row.id,
  site: row.site,
  kind: row.kind as StaffRequestKind,
  at: row.at.toISOString(),
  dueAt: row.due_at!.toISOString(),
  status: row.status,
  phone: row.phone,
  body: row.body,
  answeredAt: iso(row.answered_at),
  answeredBy: row.answered_by,
  answer: row.answer,
})

/** How many answered or closed requests the queue shows below the open ones. */
const DONE_SHOWN = 50

/**
 * The staff's queue on `sites` (null: all): every open request, nearest deadline first, then
 * the latest answered or closed; `audit` (an auditInsert) is written by the same statement.
 */
export async function staffQueue(
  s: Sql,
  sites: string[] | null,
  audit: Fragment,
): Promise<{items: StaffRequestItem[]; open: number; nearestDueAt: string | null}> {
  const rows = await s<RequestRow>`
    WITH audit AS (${audit}), scoped AS (
      SELECT * FROM visitor_requests
      WHERE due_at IS NOT NULL AND (${sites}::text[] IS NULL OR site = ANY(${sites}::text[]))
    )
    (SELECT id, site, kind, at, status, phone, body, due_at, answered_at, answered_by, answer
      FROM scoped WHERE status = 'open' ORDER BY due_at, id)
    UNION ALL
    (SELECT id, site, kind, at, status, phone, body, due_at, answered_at, answered_by, answer
      FROM scoped WHERE status <> 'open' ORDER BY at DESC, id DESC LIMIT ${DONE_SHOWN})`
  const items = rows.map(staffItem)
  const open = items.filter((item) => item.status === 'open')
  return {items, open: open.length, nearestDueAt: open[0]?.dueAt ?? null}
}

export type AnswerResult =
  | {status: 'answered'; texted: boolean; item: StaffRequestItem; claimed: ClaimedText[]}
  | {status: 'missing' | 'answered-already' | 'closed'}

/**
 * Answers an open request of one of `sites`: the request marked answered (its number cleared)
 * and the answer's text queued to that number on its newest lead, in ONE statement under the
 * request's lock, so two staff answering at once give one answer and one text. With no lead
 * of the number left on the site, the answer is recorded without a text (`texted: false`).
 * The text's row is claimed by this caller, to send now.
 */
export async function answerRequest(
  {
    id,
    sites,
    answer,
    by,
    now,
  }: {id: number; sites: string[] | null; answer: string; by: string; now: number},
  deps: TextDeps,
): Promise<AnswerResult> {
  const s = sql()
  const [found] = await s<RequestRow & {lead_id: string | null}>`
    SELECT r.id, r.site, r.kind, r.at, r.status, r.phone, r.body, r.due_at, r.answered_at,
      r.answered_by, r.answer,
      (SELECT l.id FROM leads l WHERE l.site = r.site AND l.phone = r.phone
        ORDER BY l.created_at DESC, l.id LIMIT 1) AS lead_id
    FROM visitor_requests r
    WHERE r.id = ${id} AND r.due_at IS NOT NULL
      AND (${sites}::text[] IS NULL OR r.site = ANY(${sites}::text[]))`
  if (!found) return {status: 'missing'}
  if (found.status === 'answered') return {status: 'answered-already'}
  if (found.status !== 'open') return {status: 'closed'}
  const at = new Date(now)
  const claim = randomUUID()
  const textId = randomUUID()
  const text = found.lead_id
    ? await answerText({site: found.site, kind: found.kind, answer, leadId: found.lead_id}, deps)
    : null
  const rows = await s<RequestRow & {texted: boolean; claim_id: string | null; attempts: number}>`
    WITH request AS (
      SELECT id, phone FROM visitor_requests WHERE id = ${id} AND status = 'open' FOR UPDATE
    ), answered AS (
      UPDATE visitor_requests r SET status = 'answered', answered_at = ${at}, answered_by = ${by},
        answer = ${answer}, phone = NULL
      FROM request WHERE r.id = request.id
      RETURNING r.id, r.site, r.kind, r.at, r.status, r.phone, r.body, r.due_at, r.answered_at,
        r.answered_by, r.answer
    ), text AS (
      INSERT INTO text_messages (id, lead_id, kind, revision, recipient, body, variables, status,
        attempts, created_at, next_attempt_at, claim_id, claimed_until)
      SELECT ${textId}::uuid, l.id, ${REQUEST_ANSWER_KIND}, ${id}, request.phone, ${text?.body ?? ''},
        ${JSON.stringify(text?.variables ?? {})}::jsonb, 'queued', 1, ${at}, ${at}, ${claim}::uuid,
        ${new Date(now + TEXT_LEASE_MS)}
      FROM request JOIN leads l ON l.id = ${found.lead_id}::uuid
      WHERE ${text !== null} AND EXISTS (SELECT 1 FROM answered)
      RETURNING claim_id, attempts
    )
    SELECT answered.*, EXISTS (SELECT 1 FROM text) AS texted,
      (SELECT claim_id FROM text) AS claim_id, (SELECT attempts FROM text) AS attempts
    FROM answered`
  const row = rows[0]
  if (!row) return {status: 'answered-already'}
  // The daily budget's trigger may have stored the text refused: then nobody sends it.
  const claimed: ClaimedText[] =
    text && row.claim_id === claim
      ? [
          {
            text: {
              id: textId,
              kind: REQUEST_ANSWER_KIND,
              to: found.phone!,
              text: text.body,
              values: text.variables,
            },
            attempt: row.attempts,
            claim,
          },
        ]
      : []
  return {status: 'answered', texted: row.texted, item: staffItem(row), claimed}
}

import {randomUUID} from 'node:crypto'
import {auditInsert, type AuditEntry} from '../audit.ts'
import {sql} from '../database.ts'
import {markDue} from '../next-due.ts'
import {backoffMs} from '../retry-batches.ts'
import {forwardedBody, type DeliveryStatus, type ForwardedLead} from '#shared/leads/lead.ts'
import {ATTEMPT_LEASE_MS, leadColumns, leadFromRow, type LeadRow} from './store.ts'

export const DELIVERY_TIMEOUT_MS = 5000

export interface DeliveryOptions {
  url: string
  clock?: () => number
  timeoutMs?: number
}

/**
 * A delivery attempt this caller holds: no other caller sends the lead until it is recorded or its
 * lease ends.
 */
export interface ClaimedAttempt {
  lead: ForwardedLead
  attempt: number
  claim: string
}

export type AttemptOutcome = 'delivered' | 'failed'

function describeFailure(error: unknown): string {
  if (
    error instanceof DOMException &&
    (error.name === 'TimeoutError' || error.name === 'AbortError')
  )
    return '응답 시간 초과'
  const cause = (error as {cause?: {code?: string}} | null)?.cause
  return `연결 실패${cause?.code ? ` (${cause.code})` : ''}`
}

/** One POST of the lead to the forwarding service: a 2xx within the timeout is success. */
export async function postLead(
  lead: ForwardedLead,
  url: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<string | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', 'Idempotency-Key': lead.id},
      body: JSON.stringify(forwardedBody(lead)),
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel()
    return response.ok ? null : `HTTP ${response.status}`
  } catch (error) {
    return describeFailure(error)
  }
}

/**
 * Sends a claimed attempt and records its result, which ends the claim. The record
 * names the claim: should the lease have run out and another caller have claimed the
 * lead meanwhile, this record changes nothing and theirs stands.
 */
export async function sendClaimed(
  {lead, attempt, claim}: ClaimedAttempt,
  {url, clock = Date.now, timeoutMs}: DeliveryOptions,
): Promise<AttemptOutcome> {
  const error = await postLead(lead, url, timeoutMs)
  const at = new Date(clock())
  const next = error ? new Date(at.getTime() + backoffMs(attempt)) : null
  await sql()`
    UPDATE lead_deliveries SET
      status = ${error ? 'failed' : 'delivered'},
      last_attempt_at = ${at},
      last_error = ${error},
      next_attempt_at = ${next}::timestamptz,
      delivered_at = ${error ? null : at}::timestamptz,
      claim_id = NULL,
      claimed_until = NULL
    WHERE lead_id = ${lead.id}::uuid AND claim_id = ${claim}::uuid`
  // The retry wakes the schedule (a run's own retries are in the time it reads at its end).
  if (next) await markDue('leads', next.getTime())
  return error ? 'failed' : 'delivered'
}

/**
 * When the next delivery is due, read after a run: the earliest next attempt of a lead not
 * delivered (a claimed one's when its lease ends). Null: none.
 */
export async function nextDeliveryAt(): Promise<number | null> {
  const rows = await sql()<{at: Date | null}>`
    SELECT min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) AS at
    FROM lead_deliveries
    WHERE status IN ('pending', 'failed', 'not-configured') AND next_attempt_at IS NOT NULL`
  return rows[0]?.at?.getTime() ?? null
}

/**
 * Claims up to `limit` leads whose next attempt is due, oldest due first, in one
 * statement: rows another caller has locked are skipped and rows another caller has
 * claimed are not due, so concurrent runs never claim the same lead.
 */
export async function claimDue(limit: number, now: number): Promise<ClaimedAttempt[]> {
  const s = sql()
  const at = new Date(now)
  const claim = randomUUID()
  const rows = await s<LeadRow>`
    WITH due AS (
      SELECT lead_id FROM lead_deliveries
      WHERE status IN ('pending', 'failed', 'not-configured') AND next_attempt_at <= ${at}
        AND (claimed_until IS NULL OR claimed_until <= ${at})
      ORDER BY next_attempt_at, lead_id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE lead_deliveries d SET claim_id = ${claim}::uuid,
        claimed_until = ${new Date(now + ATTEMPT_LEASE_MS)}, attempts = d.attempts + 1
      FROM due WHERE d.lead_id = due.lead_id
      RETURNING d.*
    )
    SELECT ${leadColumns(s)} FROM claimed d JOIN leads l ON l.id = d.lead_id
    ORDER BY d.next_attempt_at, d.lead_id`
  return rows.map((row) => ({lead: leadFromRow(row), attempt: row.attempts, claim}))
}

export type ClaimOneResult =
  {claimed: ClaimedAttempt} | {claimed: null; status: DeliveryStatus | null}

/**
 * Claims the next attempt of one lead now, whatever its backoff says (a staff re-send),
 * unless it is delivered, held as spam or being sent by someone else. `audit` is logged
 * by the same statement when the claim is made.
 */
export async function claimLead(
  id: string,
  now: number,
  audit: AuditEntry,
): Promise<ClaimOneResult> {
  const s = sql()
  const at = new Date(now)
  const claim = randomUUID()
  const rows = await s<LeadRow & {claimed: boolean}>`
    WITH claimed AS (
      UPDATE lead_deliveries d SET claim_id = ${claim}::uuid,
        claimed_until = ${new Date(now + ATTEMPT_LEASE_MS)}, attempts = d.attempts + 1
      WHERE d.lead_id = ${id}::uuid AND d.status IN ('pending', 'failed', 'not-configured')
        AND (d.claimed_until IS NULL OR d.claimed_until <= ${at})
      RETURNING d.*
    ), audit AS (${auditInsert(s, {...audit, leadId: id})} WHERE EXISTS (SELECT 1 FROM claimed))
    SELECT ${leadColumns(s)}, true AS claimed FROM claimed d JOIN leads l ON l.id = d.lead_id
    UNION ALL
    SELECT ${leadColumns(s)}, false AS claimed
    FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id
    WHERE d.lead_id = ${id}::uuid AND NOT EXISTS (SELECT 1 FROM claimed)`
  const row = rows[0]
  if (!row) return {claimed: null, status: null}
  if (!row.claimed) return {claimed: null, status: row.status as DeliveryStatus}
  return {claimed: {lead: leadFromRow(row), attempt: row.attempts, claim}}
}

/**
 * The first attempt of a lead just stored, under the claim its statement took, when a
 * forwarding address is set. A result that cannot be recorded is only logged: the lead is
 * stored, and the retry job sends it once the claim's lease ends.
 */
export async function forwardFirstAttempt(
  lead: ClaimedAttempt['lead'],
  claim: string | null,
  {url, ...options}: Omit<DeliveryOptions, 'url'> & {url: string | null | undefined},
): Promise<void> {
  if (!claim || !url) return
  // Should this request be cut off mid-attempt, the schedule takes the lead when the lease ends.
  await markDue('leads', (options.clock ?? Date.now)() + ATTEMPT_LEASE_MS)
  try {
    await sendClaimed({lead, attempt: 1, claim}, {url, ...options})
  } catch (error) {
    console.error('lead delivery: the first attempt could not be recorded', error)
  }
}

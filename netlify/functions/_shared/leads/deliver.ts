import {forwardedBody, type Lead} from './lead.ts'
import {claimAttempt, getLead, putLead} from './store.ts'

export const DELIVERY_TIMEOUT_MS = 5000
/** Retries wait 1, 2, 4, 8 … minutes, at most an hour: soon after an outage ends, never a flood during one. */
export const BACKOFF_BASE_MS = 60_000
export const BACKOFF_CAP_MS = 60 * 60_000
/** An attempt nobody finished within this long is taken as abandoned. */
export const ATTEMPT_LEASE_MS = 60_000
const CLAIM_ROUNDS = 7

export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1))
}

export interface DeliveryOptions {
  url: string
  clock?: () => number
  timeoutMs?: number
}

export type AttemptOutcome = 'delivered' | 'failed' | 'busy' | 'skipped'

function describeFailure(error: unknown): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return '응답 시간 초과'
  const cause = (error as {cause?: {code?: string}} | null)?.cause
  return `연결 실패${cause?.code ? ` (${cause.code})` : ''}`
}

/** One POST of the lead to the forwarding service: a 2xx within the timeout is success. */
export async function postLead(lead: Lead, url: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<string | null> {
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

async function attemptAndRecord(lead: Lead, attempt: number, url: string, clock: () => number, timeoutMs?: number): Promise<AttemptOutcome> {
  const error = await postLead(lead, url, timeoutMs)
  const at = clock()
  const attemptedAt = new Date(at).toISOString()
  lead.delivery = error
    ? {status: 'failed', attempts: attempt, lastAttemptAt: attemptedAt, lastError: error, nextAttemptAt: new Date(at + backoffMs(attempt)).toISOString()}
    : {status: 'delivered', attempts: attempt, lastAttemptAt: attemptedAt, deliveredAt: attemptedAt}
  await putLead(lead)
  return error ? 'failed' : 'delivered'
}

/**
 * The first attempt, right after the register function stored the lead. No claim is
 * needed: the lead is new, and the retry job and staff re-sends leave a pending lead
 * alone until its first attempt is due (FIRST_ATTEMPT_GRACE_MS).
 */
export async function deliverNewLead(lead: Lead, {url, clock = Date.now, timeoutMs}: DeliveryOptions): Promise<AttemptOutcome> {
  return attemptAndRecord(lead, 1, url, clock, timeoutMs)
}

/**
 * Makes the next delivery attempt of the lead under `key` and records its result on
 * the lead. Attempts are claimed first, so the retry job's runs and a staff re-send
 * never send the same lead at the same time.
 */
export async function attemptDelivery(key: string, {url, clock = Date.now, timeoutMs}: DeliveryOptions): Promise<AttemptOutcome> {
  const before = await getLead(key)
  if (!before || before.spam || before.delivery.status === 'delivered') return 'skipped'
  const attempt = before.delivery.attempts + 1
  const unchanged = (lead: Lead | null): lead is Lead =>
    lead !== null && lead.delivery.status !== 'delivered' && lead.delivery.attempts === before.delivery.attempts
  // Contenders that all withdrew try again at random moments, so one of them gets through.
  for (let round = 1; (await claimAttempt(before.id, attempt, clock(), ATTEMPT_LEASE_MS)) !== 'won'; round++) {
    if (round === CLAIM_ROUNDS) return 'busy'
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** round))
    if (!unchanged(await getLead(key))) return 'skipped'
  }
  // Read again: an attempt that ended between the first read and the claim may have delivered it.
  const lead = await getLead(key)
  if (!unchanged(lead)) return 'skipped'
  return attemptAndRecord(lead, attempt, url, clock, timeoutMs)
}

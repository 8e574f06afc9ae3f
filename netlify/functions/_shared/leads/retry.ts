import {judgeForwarding} from '../operations/forwarding-alarm.ts'
import {drainOutbox} from '../outbox.ts'
import {claimDue, sendClaimed} from './deliver.ts'

export interface RetryOptions {
  /** FORM_FORWARD_URL; without it nothing is sent and not-configured leads wait. */
  url: string | undefined
  clock?: () => number
  timeoutMs?: number
  /** Leads claimed and sent at a time. */
  concurrency?: number
  /** See drainOutbox; the last batch is a POST of at most 5 s and its record. */
  budgetMs?: number
}

export interface RetrySummary {
  /** Leads whose attempt this run claimed. */
  due: number
  delivered: number
  failed: number
}

/**
 * One run of the lead outbox (drainOutbox): claims the leads whose next attempt is due,
 * oldest due first, and sends them, then judges the forwarding's alarm
 * (../operations/forwarding-alarm.ts). The scheduled function and the local stack's schedule
 * both call this.
 */
export async function retryDueDeliveries({
  url,
  clock = Date.now,
  timeoutMs,
  concurrency = 8,
  budgetMs = 15_000,
}: RetryOptions): Promise<RetrySummary> {
  if (!url) return {due: 0, delivered: 0, failed: 0}
  const {due, outcomes} = await drainOutbox({
    claim: (limit) => claimDue(limit, clock()),
    send: (claimed) => sendClaimed(claimed, {url, clock, timeoutMs}),
    concurrency,
    budgetMs,
  })
  await judgeForwarding({clock})
  return {due, delivered: outcomes.delivered ?? 0, failed: outcomes.failed ?? 0}
}

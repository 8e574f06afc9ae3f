import {runWhenDue, type JobRun} from '../next-due.ts'
import {runDeadline} from '../run-deadline.ts'
import {drainOutbox} from '../retry-batches.ts'
import {claimDue, nextDeliveryAt, sendClaimed} from './deliver.ts'
import {judgeForwarding} from './forwarding-alarm.ts'

export interface RetryOptions {
  /** FORM_FORWARD_URL; without it nothing is sent and not-configured leads wait. */
  url: string | undefined
  clock?: () => number
  timeoutMs?: number
  /** Leads claimed and sent at a time. */
  concurrency?: number
  /** See drainOutbox; the last batch is a POST of at most 5 s and its record. */
  deadline?: number
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
 * (./forwarding-alarm.ts). The scheduled function and the local stack's schedule
 * both call this.
 */
export async function retryDueDeliveries({
  url,
  clock = Date.now,
  timeoutMs,
  concurrency = 8,
  deadline = runDeadline(clock()),
}: RetryOptions): Promise<RetrySummary> {
  if (!url) return {due: 0, delivered: 0, failed: 0}
  const {due, outcomes} = await drainOutbox({
    claim: (limit) => claimDue(limit, clock()),
    send: (claimed) => sendClaimed(claimed, {url, clock, timeoutMs}),
    concurrency,
    deadline,
    clock,
  })
  await judgeForwarding({clock})
  return {due, delivered: outcomes.delivered ?? 0, failed: outcomes.failed ?? 0}
}

/**
 * One run of the delivery job (docs/texts.md#schedules): with no delivery due by its marker it
 * answers without the database; otherwise it retries what is due (retryDueDeliveries) and
 * sets the marker to the next delivery due. Without a forwarding address nothing is sent and
 * the marker is not read: the leads wait, and the safety sweep finds them once one is set.
 */
export async function runDeliveryJob(options: RetryOptions): Promise<JobRun<RetrySummary>> {
  const clock = options.clock ?? Date.now
  if (!options.url) return {ran: true, result: await retryDueDeliveries(options), nextDueAt: null}
  return runWhenDue(
    'leads',
    async () => ({
      result: await retryDueDeliveries(options),
      nextAt: await nextDeliveryAt(),
    }),
    {clock},
  )
}

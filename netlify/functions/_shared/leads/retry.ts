import {claimDue, sendClaimed} from './deliver.ts'

export interface RetryOptions {
  /** FORM_FORWARD_URL; without it nothing is sent and not-configured leads wait. */
  url: string | undefined
  clock?: () => number
  timeoutMs?: number
  /** Leads claimed and sent at a time. */
  concurrency?: number
  /**
   * No new batch is claimed once this much wall time has passed since the run began.
   * Scheduled functions are cut off at 30 s: the budget leaves the last batch (a POST of
   * at most 5 s and its record) time to finish. An attempt cut off anyway is claimed
   * again once its lease ends.
   */
  budgetMs?: number
}

export interface RetrySummary {
  /** Leads whose attempt this run claimed. */
  due: number
  delivered: number
  failed: number
}

/**
 * One run of the outbox: batch by batch, claims the leads whose next attempt is due
 * (oldest due first) and sends them. A failed attempt is due again only after its
 * backoff, so a run never sends one lead twice. The scheduled function and the local
 * stack's schedule both call this.
 */
export async function retryDueDeliveries({
  url,
  clock = Date.now,
  timeoutMs,
  concurrency = 8,
  budgetMs = 15_000,
}: RetryOptions): Promise<RetrySummary> {
  const started = performance.now()
  const summary: RetrySummary = {due: 0, delivered: 0, failed: 0}
  if (!url) return summary
  while (performance.now() - started < budgetMs) {
    const batch = await claimDue(concurrency, clock())
    if (batch.length === 0) break
    summary.due += batch.length
    for (const outcome of await Promise.all(
      batch.map((claimed) => sendClaimed(claimed, {url, clock, timeoutMs})),
    ))
      summary[outcome]++
  }
  return summary
}

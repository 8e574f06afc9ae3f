import {attemptDelivery} from './deliver.ts'
import {parseLeadKey, type Lead} from './lead.ts'
import {runPool} from './pool.ts'
import {listKeys} from '../blobs.ts'
import {deleteMarker, getLead, OUTBOX_PREFIX} from './store.ts'

/** A marker whose lead never got written (its request died in between) is dropped after this long. */
const ORPHAN_MARKER_MS = 10 * 60_000

export interface RetryOptions {
  /** FORM_FORWARD_URL; without it nothing is sent and not-configured leads wait. */
  url: string | undefined
  clock?: () => number
  timeoutMs?: number
  concurrency?: number
  /**
   * No new attempt starts once this much wall time has passed since the run began, the
   * outbox scan included. Scheduled functions are cut off at 30 s, and an attempt cut off
   * after its POST but before its result is stored is sent again by a later run: the
   * budget leaves an attempt (claim, a POST of at most 5 s, the record) time to finish.
   */
  budgetMs?: number
}

export interface RetrySummary {
  due: number
  delivered: number
  failed: number
  /** Due leads another attempt was already working on, or left for the next run. */
  skipped: number
}

const dueAt = (lead: Lead): number =>
  lead.delivery.status === 'not-configured' || !lead.delivery.nextAttemptAt ? 0 : Date.parse(lead.delivery.nextAttemptAt)

/**
 * One run of the outbox: every lead not delivered yet whose next attempt is due gets
 * one attempt, oldest due first. The scheduled function and `npm start`'s interval both
 * call this.
 */
export async function retryDueDeliveries({url, clock = Date.now, timeoutMs, concurrency = 8, budgetMs = 15_000}: RetryOptions): Promise<RetrySummary> {
  const started = performance.now()
  const summary: RetrySummary = {due: 0, delivered: 0, failed: 0, skipped: 0}
  if (!url) return summary
  const now = clock()
  const keys = (await listKeys('leads', OUTBOX_PREFIX)).map((marker) => marker.slice(OUTBOX_PREFIX.length))
  const due: {key: string; at: number}[] = []
  await runPool(keys, 16, async (key) => {
    const lead = await getLead(key)
    if (!lead) {
      if ((parseLeadKey(key)?.createdAtMs ?? 0) < now - ORPHAN_MARKER_MS) await deleteMarker(key)
    } else if (lead.spam || lead.delivery.status === 'delivered') {
      await deleteMarker(key)
    } else if (dueAt(lead) <= now) {
      due.push({key, at: dueAt(lead)})
    }
  })
  due.sort((a, b) => a.at - b.at)
  summary.due = due.length
  await runPool(
    due,
    concurrency,
    async ({key}) => {
      const outcome = await attemptDelivery(key, {url, clock, timeoutMs})
      if (outcome === 'delivered') summary.delivered++
      else if (outcome === 'failed') summary.failed++
    },
    () => performance.now() - started < budgetMs,
  )
  summary.skipped = summary.due - summary.delivered - summary.failed
  return summary
}

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
  /**
   * The outbox scan stops reading leads after this long, so a backlog that reads slowly
   * still leaves the run time to send. Each run starts its scan at a random marker: a cut
   * scan must not always cover the same part of the outbox.
   */
  scanBudgetMs?: number
}

export interface RetrySummary {
  due: number
  delivered: number
  failed: number
  /** Due leads another attempt was already working on, or left for the next run. */
  skipped: number
  /** Outbox markers the scan had no time to read: left for the next run. */
  unscanned: number
}

const dueAt = (lead: Lead): number =>
  lead.delivery.status === 'not-configured' || !lead.delivery.nextAttemptAt ? 0 : Date.parse(lead.delivery.nextAttemptAt)

/**
 * One run of the outbox: every lead not delivered yet whose next attempt is due gets
 * one attempt, oldest due first. The scheduled function and `npm start`'s interval both
 * call this.
 */
export async function retryDueDeliveries({
  url,
  clock = Date.now,
  timeoutMs,
  concurrency = 8,
  budgetMs = 15_000,
  scanBudgetMs = 8000,
}: RetryOptions): Promise<RetrySummary> {
  const started = performance.now()
  const elapsed = () => performance.now() - started
  const summary: RetrySummary = {due: 0, delivered: 0, failed: 0, skipped: 0, unscanned: 0}
  if (!url) return summary
  const now = clock()
  const keys = rotate(
    (await listKeys('leads', OUTBOX_PREFIX)).map((marker) => marker.slice(OUTBOX_PREFIX.length)),
    Math.random(),
  )
  const due: {key: string; at: number}[] = []
  let scanned = 0
  const scanning = () => elapsed() < Math.min(scanBudgetMs, budgetMs)
  await runPool(keys, 16, async (key) => {
    scanned++
    const lead = await getLead(key)
    if (!lead) {
      if ((parseLeadKey(key)?.createdAtMs ?? 0) < now - ORPHAN_MARKER_MS) await deleteMarker(key)
    } else if (lead.spam || lead.delivery.status === 'delivered') {
      await deleteMarker(key)
    } else if (dueAt(lead) <= now) {
      due.push({key, at: dueAt(lead)})
    }
  }, scanning)
  summary.unscanned = keys.length - scanned
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
    () => elapsed() < budgetMs,
  )
  summary.skipped = summary.due - summary.delivered - summary.failed
  return summary
}

/** The same items, starting at `fraction` of the way through and wrapping around. */
export function rotate<T>(items: readonly T[], fraction: number): T[] {
  const start = Math.floor(fraction * items.length)
  return [...items.slice(start), ...items.slice(0, start)]
}

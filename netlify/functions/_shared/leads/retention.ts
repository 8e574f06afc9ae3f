import {parseLeadKey} from './lead.ts'
import {runPool} from './pool.ts'
import {listKeys} from '../blobs.ts'
import {deleteLead} from './store.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Deletes every lead (spam included) stored more than `retentionDays` ago, as the
 * privacy notice promises. Creation times are read from the keys, so only the expired
 * leads are opened. Answers how many were deleted.
 */
export async function deleteExpiredLeads({now, retentionDays}: {now: number; retentionDays: number}): Promise<number> {
  const cutoff = now - retentionDays * DAY_MS
  const keys = [...(await listKeys('leads', 'lead/')), ...(await listKeys('leads', 'spam/'))]
  const expired = keys.filter((key) => (parseLeadKey(key)?.createdAtMs ?? Infinity) < cutoff)
  await runPool(expired, 8, deleteLead)
  return expired.length
}

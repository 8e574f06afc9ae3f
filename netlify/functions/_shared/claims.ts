import {randomUUID} from 'node:crypto'
import {listKeys, openStore, type StoreName} from './blobs.ts'

/*
 * "Exactly one of several concurrent callers goes ahead", on Blobs. `onlyIfNew` on one
 * shared key cannot decide it locally: the local Blobs server checks that the key is
 * absent and then writes, without a lock, so concurrent writers all succeed. Instead
 * every caller writes its own ticket under a common prefix and then lists the prefix
 * (strongly consistent). A caller that sees no other ticket wins; one that sees another
 * withdraws its own and reports a contest. Two callers cannot both win: each wrote
 * before it listed, so the later lister sees the earlier ticket. At worst all
 * contenders withdraw and try again later. A winner's ticket stays (so later callers
 * lose) until it is older than `staleMs`, when its holder is presumed dead.
 *
 * The local server's list stops early, without an error, when a file it walks vanishes
 * (a concurrent write renames its temporary file, a withdrawn ticket is deleted). A
 * listing is therefore only believed when it holds the caller's own ticket, and two
 * such listings are combined before anyone is declared the winner.
 */

const TICKETS = 'tickets/'
const LISTINGS = 2
const MAX_LISTS = 6

export type ElectionResult = 'won' | 'contested'

function ticketTime(key: string): number {
  return Number(key.slice(key.lastIndexOf('/') + 1).split('-')[0])
}

export async function elect(storeName: StoreName, prefix: string, now: number, staleMs: number): Promise<ElectionResult> {
  const store = openStore(storeName)
  const base = `${prefix}${TICKETS}`
  const mine = `${base}${String(now).padStart(13, '0')}-${randomUUID()}`
  await store.set(mine, '')
  const seen = new Set<string>()
  let believed = 0
  for (let i = 0; i < MAX_LISTS && believed < LISTINGS; i++) {
    const keys = await listKeys(storeName, base)
    if (!keys.includes(mine)) continue
    believed++
    for (const key of keys) seen.add(key)
  }
  const rivals = [...seen].filter((key) => key !== mine && now - ticketTime(key) < staleMs)
  if (believed === LISTINGS && rivals.length === 0) return 'won'
  await store.delete(mine)
  return 'contested'
}

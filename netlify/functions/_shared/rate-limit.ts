import {createHash, randomUUID} from 'node:crypto'
import {listKeys, openStore} from './blobs.ts'

export interface RateLimitRule {
  /** What is limited, e.g. `register` or `login`: one namespace of counters. */
  bucket: string
  limit: number
  windowS: number
}

export interface RateLimitResult {
  allowed: boolean
  remaining: number
  /** Seconds until the current window ends (when a refused caller may try again). */
  retryAfterS: number
}

/*
 * Counters are kept as one blob per event in fixed windows. Functions run in many
 * instances, and Blobs offers no atomic increment (and the local Blobs server gives no
 * ETag for compare-and-swap), but writing distinct keys never loses a concurrent event:
 * the count is the number of keys under the window's prefix.
 */

function visitorPrefix(rule: RateLimitRule, key: string): string {
  return `${rule.bucket}/${createHash('sha256').update(key).digest('base64url')}/`
}

function windowOf(rule: RateLimitRule, now: number): {prefix: string; endsAt: number} {
  const index = Math.floor(now / (rule.windowS * 1000))
  return {prefix: `${index}/`, endsAt: (index + 1) * rule.windowS * 1000}
}

async function countAndPrune(rule: RateLimitRule, key: string, now: number): Promise<{count: number; endsAt: number}> {
  const store = openStore('rate-limits')
  const base = visitorPrefix(rule, key)
  const window = windowOf(rule, now)
  let count = 0
  const stale: string[] = []
  for (const name of await listKeys('rate-limits', base)) {
    if (name.startsWith(base + window.prefix)) count++
    else stale.push(name)
  }
  await Promise.all(stale.map((name) => store.delete(name)))
  return {count, endsAt: window.endsAt}
}

function resultOf(count: number, endsAt: number, rule: RateLimitRule, now: number, allowed: boolean): RateLimitResult {
  return {
    allowed,
    remaining: Math.max(0, rule.limit - count),
    retryAfterS: Math.max(1, Math.ceil((endsAt - now) / 1000)),
  }
}

/**
 * Counts one event for `key` and says whether it is within the limit. A caller already
 * over the limit is refused without another write, so a flood cannot grow its own
 * counter (and the cost of counting it) without bound.
 */
export async function hit(rule: RateLimitRule, key: string, now = Date.now()): Promise<RateLimitResult> {
  const before = await countAndPrune(rule, key, now)
  if (before.count >= rule.limit) return resultOf(before.count, before.endsAt, rule, now, false)
  const name = `${visitorPrefix(rule, key)}${windowOf(rule, now).prefix}${now}-${randomUUID()}`
  await openStore('rate-limits').set(name, '', {onlyIfNew: true})
  const {count, endsAt} = await countAndPrune(rule, key, now)
  return resultOf(count, endsAt, rule, now, count <= rule.limit)
}

/** Reads the state for `key` without counting (e.g. to check a lock before a sign-in). */
export async function peek(rule: RateLimitRule, key: string, now = Date.now()): Promise<RateLimitResult> {
  const {count, endsAt} = await countAndPrune(rule, key, now)
  return resultOf(count, endsAt, rule, now, count < rule.limit)
}

/** Forgets the counter for `key` (e.g. after a successful sign-in). */
export async function reset(rule: RateLimitRule, key: string): Promise<void> {
  const store = openStore('rate-limits')
  const keys = await listKeys('rate-limits', visitorPrefix(rule, key))
  await Promise.all(keys.map((name) => store.delete(name)))
}

import {positiveInt} from '../rate-limit.ts'

/*
 * A staff sign-in ends after this long without work: STAFF_IDLE_MINUTES, 30 by default, held
 * between 2 (the page warns a minute before) and 60. The refresh token lives exactly this long
 * from the last work, and the page signs out when it runs out.
 */

export const DEFAULT_IDLE_MINUTES = 30
const MIN_IDLE_MINUTES = 2
const MAX_IDLE_MINUTES = 60

/** The idle limit in seconds. */
export function idleLimitS(env: Record<string, string | undefined> = process.env): number {
  const minutes = positiveInt(env.STAFF_IDLE_MINUTES, DEFAULT_IDLE_MINUTES)
  return Math.min(MAX_IDLE_MINUTES, Math.max(MIN_IDLE_MINUTES, minutes)) * 60
}

import {kstDate, kstDayEnd, MINUTE_MS} from '#shared/korea-time.ts'

/**
 * How close to a Korean midnight a browser test may start: twice its time limit and a
 * minute more, so that a test started earlier has ended before the day turns.
 */
export const MIDNIGHT_GUARD_MS = 3 * MINUTE_MS

/**
 * How long a test starting at `now` waits so that it runs within one Korean day: until a
 * second past midnight when `now` is within MIDNIGHT_GUARD_MS of it, else 0. The tests book
 * visits for "today", "ten minutes ago" and the picker's window, which all move when Korea's
 * day turns under a running test.
 */
export function waitForOneKoreanDay(now: number): number {
  const left = kstDayEnd(kstDate(now)) - now
  return left <= MIDNIGHT_GUARD_MS ? left + 1000 : 0
}

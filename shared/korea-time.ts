/**
 * Calendar dates and times in Korea, for visits, leads and texts alike. Korea has kept
 * UTC+9 without daylight saving since 1988, so a fixed offset is exact and needs no
 * time-zone database.
 */

export const KST_OFFSET_MS = 9 * 60 * 60 * 1000
export const MINUTE_MS = 60 * 1000
export const DAY_MS = 24 * 60 * MINUTE_MS

/** 'YYYY-MM-DD' of the instant `ms` in Korea. */
export const kstDate = (ms: number): string =>
  new Date(ms + KST_OFFSET_MS).toISOString().slice(0, 10)

/** 'YYYY-MM-DD HH:mm' of the instant `ms` in Korea (for staff screens and the CSV). */
export const kstDateTime = (ms: number): string =>
  new Date(ms + KST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')

/** 'HH:mm' of the instant `ms` in Korea (when a visitor arrived, say). */
export const kstTime = (ms: number): string => kstDateTime(ms).slice(11)

/** The instant Korea's day `date` ('YYYY-MM-DD') begins. */
export const kstDayStart = (date: string): number => Date.parse(`${date}T00:00:00Z`) - KST_OFFSET_MS

/** The instant Korea's day `date` ends (exclusive): the next day's start. */
export const kstDayEnd = (date: string): number => kstDayStart(date) + DAY_MS

/** The date `days` days after `date`. */
export const addDays = (date: string, days: number): string =>
  kstDate(kstDayStart(date) + days * DAY_MS)

/** Whether `value` is a real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const parsed = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
}

/**
 * Calendar dates in Korea. Korea has kept UTC+9 without daylight saving since 1988, so
 * a fixed offset is exact and needs no time-zone database.
 */
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** 'YYYY-MM-DD' of the instant `ms` in Seoul. */
export function seoulDate(ms: number): string {
  return new Date(ms + SEOUL_OFFSET_MS).toISOString().slice(0, 10)
}

/** 'YYYY-MM-DD HH:mm' of the instant `ms` in Seoul (for staff screens and the CSV). */
export function seoulDateTime(ms: number): string {
  return new Date(ms + SEOUL_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')
}

/** Whether `value` is a real calendar date written as 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const parsed = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
}

/** The instant Seoul's day `date` ('YYYY-MM-DD', checked by isIsoDate) begins. */
export function seoulDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - SEOUL_OFFSET_MS
}

/** The instant Seoul's day `date` ends (exclusive): the next day's start. */
export function seoulDayEnd(date: string): number {
  return seoulDayStart(date) + DAY_MS
}

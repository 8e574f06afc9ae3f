/**
 * A visit day as Korean text. Its own module: the footer's model-house block uses it on every
 * page, and it must not bring the picker's slot code into every page's first scripts.
 */

export const WEEKDAY_NAMES = ['일', '월', '화', '수', '목', '금', '토'] as const

/** `2026-11-27` → `11월 27일 (금)`. */
export function formatVisitDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return `${month}월 ${day}일 (${WEEKDAY_NAMES[weekday]})`
}

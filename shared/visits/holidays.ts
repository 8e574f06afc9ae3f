import {y2024, y2025, y2026, y2027} from '@hyunbinseo/holidays-kr/all'
import type {HolidayMap} from './schedule.ts'

/**
 * Korea's national holidays from the official gazette (`@hyunbinseo/holidays-kr`), for
 * the years it lists; a later year has none until the package lists it.
 */
export const KOREAN_HOLIDAYS: HolidayMap = {...y2024, ...y2025, ...y2026, ...y2027}

export interface Holiday {
  date: string
  name: string
}

/** The holidays from `from` up to `to` (both 'YYYY-MM-DD', both included), in order. */
export function holidaysBetween(
  from: string,
  to: string,
  holidays: HolidayMap = KOREAN_HOLIDAYS,
): Holiday[] {
  return Object.entries(holidays)
    .filter(([date]) => date >= from && date <= to)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, names]) => ({date, name: names.join(', ')}))
}

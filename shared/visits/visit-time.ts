import {isCalendarDate, KST_OFFSET_MS} from '../korea-time.ts'

/**
 * A visit's time, read and written in one place for the functions and the site alike. In code
 * it is an instant (ms); on the wire (JSON, form fields, links) Korea's time written exactly
 * `2026-11-27T10:00:00+09:00`, the form the slots list and every answer use; each reader
 * sees it in one of the forms below. Korea keeps UTC+9 all year, so the form is exact.
 */

/** The wire form: whole minutes, Korea's offset. */
const WIRE_FORM = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):00\+09:00$/

export const WEEKDAY_NAMES = ['일', '월', '화', '수', '목', '금', '토'] as const

/** The instant of a visit's time in the wire form; null for anything else. */
export function parseVisitAt(value: unknown): number | null {
  const match = typeof value === 'string' ? WIRE_FORM.exec(value) : null
  if (!match || !isCalendarDate(match[1]!) || Number(match[2]) > 23 || Number(match[3]) > 59)
    return null
  return Date.parse(value as string)
}

const pad = (n: number): string => String(n).padStart(2, '0')

/** The instant `ms` in the wire form (seconds dropped: a slot starts on the minute). */
export function writeVisitAt(ms: number): string {
  const local = new Date(ms + KST_OFFSET_MS)
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`
  return `${local.toISOString().slice(0, 10)}T${time}:00+09:00`
}

/** An instant, or a visit's time in the wire form (as the answers carry it to the site). */
export type VisitTime = number | string

/** The parts every form is made of; a malformed wire form has none. */
function partsOf(at: VisitTime) {
  const ms = typeof at === 'number' ? at : parseVisitAt(at)
  if (ms === null) return null
  const local = new Date(ms + KST_OFFSET_MS)
  return {
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: WEEKDAY_NAMES[local.getUTCDay()]!,
    clock: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  }
}

/** A visit's day ('YYYY-MM-DD', Korea's) as the pages write it: `11월 27일 (금)`. */
export function formatVisitDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return `${month}월 ${day}일 (${WEEKDAY_NAMES[weekday]})`
}

/** The pages' form: `11월 27일 (금) 14:30`. */
export function formatVisitAt(at: VisitTime): string {
  const parts = partsOf(at)
  return parts ? `${parts.month}월 ${parts.day}일 (${parts.weekday}) ${parts.clock}` : ''
}

/** The texts' form, a character shorter for a text billed by the byte: `11월 27일(금) 14:30`. */
export function formatVisitAtInText(at: VisitTime): string {
  const parts = partsOf(at)
  return parts ? `${parts.month}월 ${parts.day}일(${parts.weekday}) ${parts.clock}` : ''
}

/** The short form of a slot among its day's: `14:30`. */
export const formatVisitClock = (at: VisitTime): string => partsOf(at)?.clock ?? ''

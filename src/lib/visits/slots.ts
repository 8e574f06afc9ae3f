/**
 * The free visit times of a site as the slots endpoint gives them, and their Korean labels.
 * A slot's `start` is the exact string the endpoint gives (`2026-11-27T10:00:00+09:00`, KST),
 * which is also what /api/register and the move endpoint take back; its first ten characters
 * are the visit day in Korea.
 */
import type {ClosedReason} from '#shared/visits/schedule.ts'
import {formatVisitDay} from '#shared/visits/visit-time.ts'

export const VISIT_SLOTS_ENDPOINT = '/api/visits/slots'

export interface VisitSlot {
  start: string
  remaining: number
}

export interface VisitDay {
  date: string
  slots: VisitSlot[]
  /** The national holiday of the day (설날, 대체공휴일…), when it is one. */
  holiday?: string
  /** Why the house stays closed that day (a closed day has no slots). */
  closed?: ClosedReason
}

/** The slots of a window, the names of its national holidays and its closed days, by date. */
export interface VisitWindow {
  slots: VisitSlot[]
  holidays: Record<string, string>
  closed: Record<string, ClosedReason>
}

/** The answers are reused for as long as the endpoint lets caches keep them. */
const CACHE_MS = 15_000
const cache = new Map<string, {at: number; window: Promise<VisitWindow>}>()

export function isVisitSlot(value: unknown): value is VisitSlot {
  if (typeof value !== 'object' || value === null) return false
  const {start, remaining} = value as Record<string, unknown>
  return typeof start === 'string' && typeof remaining === 'number'
}

function holidayNames(value: unknown): Record<string, string> {
  if (!Array.isArray(value)) return {}
  const names: Record<string, string> = {}
  for (const entry of value as Array<{date?: unknown; name?: unknown}>)
    if (typeof entry?.date === 'string' && typeof entry.name === 'string')
      names[entry.date] = entry.name
  return names
}

const CLOSED_REASONS: ReadonlySet<string> = new Set<ClosedReason>([
  'closedDate',
  'holiday',
  'weekday',
])

function closedDays(value: unknown): Record<string, ClosedReason> {
  if (!Array.isArray(value)) return {}
  const closed: Record<string, ClosedReason> = {}
  for (const entry of value as Array<{date?: unknown; reason?: unknown}>)
    if (typeof entry?.date === 'string' && CLOSED_REASONS.has(entry.reason as string))
      closed[entry.date] = entry.reason as ClosedReason
  return closed
}

/** The window of a slots answer (`slots`, `holidays` and `closed` as the endpoint lists them). */
export function readVisitWindow(answer: {slots: unknown[]; holidays?: unknown; closed?: unknown}) {
  return {
    slots: answer.slots.filter(isVisitSlot),
    holidays: holidayNames(answer.holidays),
    closed: closedDays(answer.closed),
  }
}

/** The slots of the next `days` days, full ones included; rejects when there is no answer. */
export function fetchVisitSlots(
  site: string,
  {days = 14, fresh = false}: {days?: number; fresh?: boolean} = {},
): Promise<VisitWindow> {
  const url = `${VISIT_SLOTS_ENDPOINT}?${new URLSearchParams({site, days: String(days)})}`
  const kept = cache.get(url)
  if (!fresh && kept && Date.now() - kept.at < CACHE_MS) return kept.window
  // A fresh look (after a booking or a refusal) asks the server, not the browser's cache of
  // the answer, which may be 15 s old.
  const window = fetch(url, {
    headers: {Accept: 'application/json'},
    ...(fresh ? {cache: 'no-cache' as const} : {}),
  }).then(async (response) => {
    const answer = (await response.json()) as Record<string, unknown>
    if (!response.ok || answer.ok !== true || !Array.isArray(answer.slots))
      throw new Error(`slots: ${response.status}`)
    return readVisitWindow({...answer, slots: answer.slots})
  })
  // A failed request is not kept: the next look asks again.
  window.catch(() => cache.delete(url))
  cache.set(url, {at: Date.now(), window})
  return window
}

/**
 * The slots grouped by their day in Korea, holidays named, and the closed days among them
 * (without slots, with the reason), in date order.
 */
export function groupSlotsByDay(
  slots: readonly VisitSlot[],
  holidays: Record<string, string> = {},
  closed: Record<string, ClosedReason> = {},
): VisitDay[] {
  const days = new Map<string, VisitDay>()
  const dayOf = (date: string): VisitDay => {
    let day = days.get(date)
    if (!day) {
      day = {date, slots: [], ...(holidays[date] ? {holiday: holidays[date]} : {})}
      days.set(date, day)
    }
    return day
  }
  for (const slot of slots) dayOf(slot.start.slice(0, 10)).slots.push(slot)
  for (const [date, reason] of Object.entries(closed))
    if (!days.get(date)?.slots.length) dayOf(date).closed = reason
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date))
}

/** Why a closed day is closed, as a visitor reads it: `매주 월요일 휴관`, `기독탄신일 공휴일 휴관`. */
export function closedReasonText(day: VisitDay): string {
  if (day.closed === 'holiday') return `${day.holiday ?? ''} 공휴일 휴관`.trim()
  if (day.closed === 'weekday') return `매주 ${formatVisitDay(day.date).slice(-2, -1)}요일 휴관`
  return '임시 휴관'
}

/** The short form for a row of day buttons: `11/27 (금)`. */
export function formatVisitDayShort(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number]
  return `${month}/${day} (${formatVisitDay(date).slice(-2, -1)})`
}

/** What a slot has left, as the picker says it. */
export const remainingLabel = (remaining: number): string =>
  remaining > 0 ? `${remaining}자리 남음` : '마감'

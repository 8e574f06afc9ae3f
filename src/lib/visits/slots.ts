/**
 * The free visit times of a site as the slots endpoint gives them, and their Korean labels.
 * A slot's `start` is the exact string the endpoint gives (`2026-11-27T10:00:00+09:00`, KST),
 * which is also what /api/register and the move endpoint take back; its first ten characters
 * are the visit day in Korea.
 */
export const VISIT_SLOTS_ENDPOINT = '/api/visits/slots'

export interface VisitSlot {
  start: string
  remaining: number
}

export interface VisitDay {
  date: string
  slots: VisitSlot[]
}

/** The answers are reused for as long as the endpoint lets caches keep them. */
const CACHE_MS = 15_000
const cache = new Map<string, {at: number; slots: Promise<VisitSlot[]>}>()

export function isVisitSlot(value: unknown): value is VisitSlot {
  if (typeof value !== 'object' || value === null) return false
  const {start, remaining} = value as Record<string, unknown>
  return typeof start === 'string' && typeof remaining === 'number'
}

/** The slots of the next `days` days, full ones included; rejects when there is no answer. */
export function fetchVisitSlots(
  site: string,
  {days = 14, fresh = false}: {days?: number; fresh?: boolean} = {},
): Promise<VisitSlot[]> {
  const url = `${VISIT_SLOTS_ENDPOINT}?${new URLSearchParams({site, days: String(days)})}`
  const kept = cache.get(url)
  if (!fresh && kept && Date.now() - kept.at < CACHE_MS) return kept.slots
  const slots = fetch(url, {headers: {Accept: 'application/json'}}).then(async (response) => {
    const answer = (await response.json()) as {ok?: unknown; slots?: unknown}
    if (!response.ok || answer.ok !== true || !Array.isArray(answer.slots))
      throw new Error(`slots: ${response.status}`)
    return answer.slots.filter(isVisitSlot)
  })
  // A failed request is not kept: the next look asks again.
  slots.catch(() => cache.delete(url))
  cache.set(url, {at: Date.now(), slots})
  return slots
}

/** The slots grouped by their day in Korea, in the endpoint's order. */
export function groupSlotsByDay(slots: readonly VisitSlot[]): VisitDay[] {
  const days: VisitDay[] = []
  for (const slot of slots) {
    const date = slot.start.slice(0, 10)
    const last = days.at(-1)
    if (last?.date === date) last.slots.push(slot)
    else days.push({date, slots: [slot]})
  }
  return days
}

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토']

/** `2026-11-27` → `11월 27일 (금)`. */
export function formatVisitDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return `${month}월 ${day}일 (${WEEKDAYS[weekday]})`
}

/** The short form for a row of day buttons: `11/27 (금)`. */
export function formatVisitDayShort(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number]
  return `${month}/${day} (${formatVisitDay(date).slice(-2, -1)})`
}

/** `…T14:30:00+09:00` → `14:30` (the time in Korea, as the endpoint writes it). */
export const formatVisitTime = (start: string): string => start.slice(11, 16)

/** `11월 27일 (금) 14:30`. */
export const formatVisitAt = (start: string): string =>
  `${formatVisitDay(start.slice(0, 10))} ${formatVisitTime(start)}`

/** What a slot has left, as the picker says it. */
export const remainingLabel = (remaining: number): string =>
  remaining > 0 ? `${remaining}자리 남음` : '마감'

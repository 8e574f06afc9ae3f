import {addDays, kstDate} from '#shared/korea-time.ts'
import {holidaysBetween, KOREAN_HOLIDAYS, type Holiday} from '#shared/visits/holidays.ts'
import {
  checkSlot,
  closedDays,
  slotGrid,
  type ClosedDay,
  type SlotCheck,
} from '#shared/visits/schedule.ts'
import {parseVisitAt, writeVisitAt} from '#shared/visits/visit-time.ts'
import type {ModelHouse} from '../model-houses.ts'
import {seatsTaken} from './store.ts'

/** A bookable start and the seats left in it (0: full, shown as 마감). */
export interface Slot {
  start: string
  remaining: number
}

/** How many free slots a refusal offers instead. */
export const NEAREST_FREE = 6

/** The slots of `days` days from `from` with the seats left in each (one query). */
export async function availability(
  site: string,
  house: ModelHouse,
  {now, from, days}: {now: number; from: string; days: number},
): Promise<Slot[]> {
  const grid = slotGrid(house.schedule, {now, from, days, holidays: KOREAN_HOLIDAYS})
  const first = grid[0]
  const last = grid.at(-1)
  if (first === undefined || last === undefined) return []
  const taken = await seatsTaken(site, first, last + 1)
  const {capacity} = house.schedule
  return grid.map((start) => ({
    start: writeVisitAt(start),
    remaining: Math.max(0, capacity - (taken.get(start) ?? 0)),
  }))
}

/**
 * What a picker shows of `days` days from `from`: every slot with its seats, the holidays, and
 * the days of the booking window the house stays closed with the reason.
 */
export async function openWindow(
  site: string,
  house: ModelHouse | null,
  window: {now: number; from: string; days: number},
): Promise<{slots: Slot[]; holidays: Holiday[]; closed: ClosedDay[]}> {
  const slots = house ? await availability(site, house, window) : []
  return {
    slots,
    holidays: holidaysBetween(window.from, addDays(window.from, window.days - 1)),
    closed: house ? closedDays(house.schedule, {...window, holidays: KOREAN_HOLIDAYS}) : [],
  }
}

/** The free slots nearest to `near` within the booking window, in time order. */
export async function nearestFree(
  site: string,
  house: ModelHouse,
  now: number,
  near: number,
): Promise<Slot[]> {
  const slots = await availability(site, house, {
    now,
    from: kstDate(now),
    days: house.schedule.bookingDays,
  })
  return slots
    .filter((slot) => slot.remaining > 0)
    .map((slot) => ({slot, distance: Math.abs(parseVisitAt(slot.start)! - near)}))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, NEAREST_FREE)
    .map(({slot}) => slot)
    .sort((a, b) => a.start.localeCompare(b.start))
}

/** Whether `visitAt` may be booked at the house now (the holidays being the gazette's). */
export const checkVisitAt = (house: ModelHouse, visitAt: unknown, now: number): SlotCheck =>
  checkSlot(house.schedule, visitAt, now, KOREAN_HOLIDAYS)

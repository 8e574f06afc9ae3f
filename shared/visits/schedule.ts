import {KST_OFFSET_MS, MINUTE_MS, addDays, kstDate, kstDayStart} from '../korea-time.ts'
import {parseVisitAt} from './visit-time.ts'

/**
 * The model house's schedule and the grid of visit slots it gives. Pure: the functions
 * check and count bookings with it, and the site renders the same grid (the time select
 * of the form without JavaScript, the picker). Times are Korea's (../korea-time.ts).
 */

export interface OpeningHours {
  /** 0 = Sunday (일) … 6 = Saturday (토), as Date#getUTCDay counts. */
  weekday: number
  /** 'HH:MM', Korea's time. */
  opens: string
  closes: string
}

export interface VisitSchedule {
  hours: readonly OpeningHours[]
  /** 'YYYY-MM-DD' dates the house stays closed. */
  closedDates: readonly string[]
  slotMinutes: number
  /** Groups per slot. */
  capacity: number
  /** Today and the days after it that may be booked: 14 is today up to 13 days from today. */
  bookingDays: number
  /** A slot can no longer be booked this many minutes before it starts. */
  cutoffMinutes: number
  openOnHolidays: boolean
}

/** The defaults the Studio offers; a model house entered without them uses these. */
export const SCHEDULE_DEFAULTS = {
  slotMinutes: 30,
  capacity: 4,
  bookingDays: 14,
  cutoffMinutes: 60,
  openOnHolidays: false,
} as const

/** National holidays by date ('YYYY-MM-DD' → names), as the official gazette lists them. */
export type HolidayMap = Readonly<Record<string, readonly string[]>>

/** Why a start cannot be booked (each has a message in shared/leads/messages.ts). */
export type SlotProblem = 'invalid' | 'past' | 'cutoff' | 'beyond' | 'closed' | 'offGrid'

/** Minutes after midnight of 'HH:MM', or null when malformed. */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time)
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

/** Whether the house opens on `date` at all (not a closed date, not a holiday it skips). */
export function isOpenDate(schedule: VisitSchedule, date: string, holidays: HolidayMap): boolean {
  if (schedule.closedDates.includes(date)) return false
  return schedule.openOnHolidays || !holidays[date]
}

/**
 * Why the house stays closed on `date`: a closed date of its own, a national holiday it does
 * not open on, or a weekday without opening hours. Null on a day it opens.
 */
export type ClosedReason = 'closedDate' | 'holiday' | 'weekday'

export function closedReason(
  schedule: VisitSchedule,
  date: string,
  holidays: HolidayMap,
): ClosedReason | null {
  if (schedule.closedDates.includes(date)) return 'closedDate'
  if (!schedule.openOnHolidays && holidays[date]) return 'holiday'
  const weekday = new Date(kstDayStart(date) + KST_OFFSET_MS).getUTCDay()
  return schedule.hours.some((hours) => hours.weekday === weekday) ? null : 'weekday'
}

/** The minutes after midnight at which the slots of a `weekday` start, in order. */
function weekdayStarts(schedule: Pick<VisitSchedule, 'hours' | 'slotMinutes'>, weekday: number) {
  const step = schedule.slotMinutes
  const starts = new Set<number>()
  for (const hours of schedule.hours) {
    const opens = minutesOf(hours.opens)
    const closes = minutesOf(hours.closes)
    if (hours.weekday !== weekday || opens === null || closes === null || step <= 0) continue
    for (let at = opens; at + step <= closes; at += step) starts.add(at)
  }
  return [...starts].sort((a, b) => a - b)
}

/** The starts of one day's slots, in order: each slot ends by closing time. */
export function daySlots(schedule: VisitSchedule, date: string, holidays: HolidayMap): number[] {
  if (!isOpenDate(schedule, date, holidays)) return []
  const dayStart = kstDayStart(date)
  const weekday = new Date(dayStart + KST_OFFSET_MS).getUTCDay()
  return weekdayStarts(schedule, weekday).map((at) => dayStart + at * MINUTE_MS)
}

/** How many slots the fullest day of the week has. */
export function mostSlotsInADay(schedule: Pick<VisitSchedule, 'hours' | 'slotMinutes'>): number {
  return Math.max(0, ...[0, 1, 2, 3, 4, 5, 6].map((day) => weekdayStarts(schedule, day).length))
}

/** The last date that may be booked on `now`'s day. */
export const lastBookableDate = (schedule: VisitSchedule, now: number): string =>
  addDays(kstDate(now), schedule.bookingDays - 1)

/**
 * Every bookable start of the `days` days from `from`: on the grid of an open day, past
 * the cut-off and within the booking window (full or not: counting seats is the caller's).
 */
export function slotGrid(
  schedule: VisitSchedule,
  {now, from, days, holidays}: {now: number; from: string; days: number; holidays: HolidayMap},
): number[] {
  const earliest = now + schedule.cutoffMinutes * MINUTE_MS
  const last = lastBookableDate(schedule, now)
  const starts: number[] = []
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i)
    if (date > last) break
    for (const start of daySlots(schedule, date, holidays))
      if (start >= earliest) starts.push(start)
  }
  return starts
}

export interface ClosedDay {
  date: string
  reason: ClosedReason
}

/** The closed days among the `days` days from `from` that lie within the booking window. */
export function closedDays(
  schedule: VisitSchedule,
  {now, from, days, holidays}: {now: number; from: string; days: number; holidays: HolidayMap},
): ClosedDay[] {
  const last = lastBookableDate(schedule, now)
  const closed: ClosedDay[] = []
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i)
    if (date > last) break
    if (date < kstDate(now)) continue
    const reason = closedReason(schedule, date, holidays)
    if (reason) closed.push({date, reason})
  }
  return closed
}

export type SlotCheck = {ok: true; visitAt: number} | {ok: false; problem: SlotProblem}

/** Whether `visitAt` (the wire form) is a time that may be booked now, and why not. */
export function checkSlot(
  schedule: VisitSchedule,
  visitAt: unknown,
  now: number,
  holidays: HolidayMap,
): SlotCheck {
  const at = parseVisitAt(visitAt)
  if (at === null) return {ok: false, problem: 'invalid'}
  if (at <= now) return {ok: false, problem: 'past'}
  if (at < now + schedule.cutoffMinutes * MINUTE_MS) return {ok: false, problem: 'cutoff'}
  const date = kstDate(at)
  if (date > lastBookableDate(schedule, now)) return {ok: false, problem: 'beyond'}
  const grid = daySlots(schedule, date, holidays)
  if (grid.length === 0) return {ok: false, problem: 'closed'}
  if (!grid.includes(at)) return {ok: false, problem: 'offGrid'}
  return {ok: true, visitAt: at}
}

/** A model house as the content stores it: any field may be empty. */
export interface StoredHouse {
  address?: string | null
  mapUrl?: string | null
  hours?: Array<{weekday?: number | null; opens?: string | null; closes?: string | null}> | null
  closedDates?: string[] | null
  slotMinutes?: number | null
  capacity?: number | null
  bookingDays?: number | null
  cutoffMinutes?: number | null
  openOnHolidays?: boolean | null
}

/** The schedule of a stored model house, the Studio's defaults for what is left empty. */
export function scheduleOf(stored: StoredHouse): VisitSchedule {
  return {
    hours: (stored.hours ?? []).flatMap(({weekday, opens, closes}) =>
      typeof weekday === 'number' && opens && closes ? [{weekday, opens, closes}] : [],
    ),
    closedDates: stored.closedDates ?? [],
    slotMinutes: stored.slotMinutes ?? SCHEDULE_DEFAULTS.slotMinutes,
    capacity: stored.capacity ?? SCHEDULE_DEFAULTS.capacity,
    bookingDays: stored.bookingDays ?? SCHEDULE_DEFAULTS.bookingDays,
    cutoffMinutes: stored.cutoffMinutes ?? SCHEDULE_DEFAULTS.cutoffMinutes,
    openOnHolidays: stored.openOnHolidays ?? SCHEDULE_DEFAULTS.openOnHolidays,
  }
}

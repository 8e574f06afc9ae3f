import {kstTime} from '#shared/korea-time.ts'
import type {StaffVisit} from '#src/lib/api/staff-visits.ts'

/*
 * Where a visit stands and what staff may do with it, as the staff's screens that list
 * visits (방문 일정, 오늘) show it. Pure.
 */

/** The time of day in Seoul of an instant (`HH:MM`). */
export const timeOfDay = (iso: string) => kstTime(Date.parse(iso))

/**
 * Where a visit stands, as the lists name it: a visit of today nobody confirmed the day before
 * is 미확인, to be called; other days' bookings are 예약 until confirmed.
 */
export function visitState(visit: StaffVisit, today: string): {label: string; tone: string} {
  if (visit.status === 'cancelled') return {label: '취소', tone: 'cancelled'}
  if (visit.arrivedAt) return {label: `방문완료 ${timeOfDay(visit.arrivedAt)}`, tone: 'arrived'}
  if (visit.noShowAt) return {label: '노쇼', tone: 'no-show'}
  if (visit.confirmedAt) return {label: '확인됨', tone: 'confirmed'}
  if (visit.start.slice(0, 10) === today) return {label: '미확인', tone: 'unconfirmed'}
  return {label: '예약', tone: 'booked'}
}

/** A visit staff may check in: booked for today, nobody arrived yet. */
export const mayCheckIn = (visit: StaffVisit, today: string) =>
  visit.status === 'booked' && !visit.arrivedAt && visit.start.slice(0, 10) === today

/** A visit staff may mark a no-show: booked, its slot started, nobody arrived, not marked. */
export const mayMarkNoShow = (visit: StaffVisit, now: number) =>
  visit.status === 'booked' && !visit.arrivedAt && !visit.noShowAt && Date.parse(visit.start) <= now

/** Lists grouped by a key, in the order the items come (the endpoints order by start). */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Array<[string, T[]]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return [...groups]
}

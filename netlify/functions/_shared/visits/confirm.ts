import {addDays, kstDate, kstDayStart} from '#shared/korea-time.ts'
import {auditInsert, VISITOR_LINK_ACTOR} from '../audit.ts'
import {sql} from '../database.ts'
import {fail} from '../http.ts'
import type {VisitRow} from './store.ts'

/*
 * The visitor's "방문 확인" the day before (migration 0024): the reminder's link shows a
 * button from 00:00 in Seoul the day before the visit until it starts, and a tap records
 * that the visitor means to come. Staff call the visits of the day nobody confirmed.
 */

const MESSAGES = {
  cancelled: '취소된 예약은 방문 확인을 할 수 없습니다.',
  past: '방문 시간이 지난 예약은 방문 확인을 할 수 없습니다.',
  early: '방문 확인은 방문 전날부터 하실 수 있습니다.',
} as const

/** When the visitor may confirm a visit starting at `visitAt`: from the day before in Seoul. */
export const confirmFrom = (visitAt: number): number => kstDayStart(addDays(kstDate(visitAt), -1))

/** Whether the link offers 방문 확인 now: a booked visit to come, from the day before, unconfirmed. */
export const confirmable = (visit: VisitRow, now: number): boolean =>
  visit.status === 'booked' &&
  visit.arrivedAt === null &&
  visit.noShowAt === null &&
  visit.confirmedAt === null &&
  now >= confirmFrom(visit.visitAt) &&
  now < visit.visitAt

/**
 * Why a visit cannot be confirmed now (a 409 in Korean), or null: a confirmed visit may be
 * confirmed again (it keeps its first time).
 */
export function confirmRefusal(visit: VisitRow, now: number): Response | null {
  if (visit.status !== 'booked') return fail(409, MESSAGES.cancelled)
  if (visit.arrivedAt !== null || visit.noShowAt !== null || visit.visitAt <= now)
    return fail(409, MESSAGES.past)
  if (now < confirmFrom(visit.visitAt)) return fail(409, MESSAGES.early)
  return null
}

/**
 * Records the visitor's confirmation once, with its audit entry, in one statement: a second
 * tap (or two at once: the row lock makes the later one find it set) changes nothing.
 */
export async function confirmVisit(leadId: string, now: number, visitor: string): Promise<void> {
  const s = sql()
  const at = new Date(now)
  const entry = {
    at: now,
    actor: VISITOR_LINK_ACTOR,
    action: 'visit-confirm',
    leadId,
    visitor,
  } as const
  await s`
    WITH confirmed AS (
      UPDATE visits SET confirmed_at = ${at}
      WHERE lead_id = ${leadId}::uuid AND status = 'booked' AND arrived_at IS NULL
        AND no_show_at IS NULL AND confirmed_at IS NULL AND starts_at > ${at}
      RETURNING lead_id
    ), audit AS (${auditInsert(s, entry)} FROM confirmed)
    SELECT count(*) FROM confirmed`
}

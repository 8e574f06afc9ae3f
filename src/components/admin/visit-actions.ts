import {timeOfDay} from './visit-state.ts'
import {checkInVisit, markNoShow, type StaffVisit} from '#src/lib/api/staff-visits.ts'

/*
 * The door's one-tap actions on a visit, with the words to announce, for every screen that
 * lists visits (방문 일정, 오늘); the screen reads its list again when one succeeds.
 */

export interface VisitActionOutcome {
  ok: boolean
  message: string
}

/** Checks a visitor in by their visit, or by the code they show (and their scanned visit). */
export async function checkIn(
  by: {site: string; code: string; visitId?: string} | {visitId: string},
): Promise<VisitActionOutcome> {
  const result = await checkInVisit(by)
  if (!result.ok) return {ok: false, message: result.error}
  const {name, arrivedAt} = result.visit
  return {ok: true, message: `${name} 님의 방문을 ${timeOfDay(arrivedAt)}에 확인했습니다.`}
}

/** Marks a visit nobody came to a no-show. */
export async function noShow(visit: StaffVisit): Promise<VisitActionOutcome> {
  const result = await markNoShow(visit.leadId)
  if (!result.ok) return {ok: false, message: result.error}
  return {ok: true, message: `${visit.name} 님을 노쇼로 기록했습니다.`}
}

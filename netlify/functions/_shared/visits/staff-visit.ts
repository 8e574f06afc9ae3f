import type {Context} from '@netlify/functions'
import {writeVisitAt} from '#shared/visits/visit-time.ts'
import {fail, json} from '../http.ts'
import {isLeadId} from '../leads/store.ts'
import {seesSite, staffJsonPost} from '../gates/staff.ts'
import {sendTextsFor} from '../texts/outbox-run.ts'
import {visitorKey} from '../gates/visitor.ts'
import {visitAtRefusal, type VisitDeps} from './handlers.ts'
import {ModelHouses} from '../model-houses.ts'
import {checkVisitAt, nearestFree} from './slots.ts'
import {bookVisitFor, cancelVisit, getLinkLead, getVisit, moveVisit} from './store.ts'
import {watchForNoShow} from './no-show.ts'
import {offerFreedSeat} from './waitlist.ts'

/*
 * A staff member books, moves or cancels the visit of a caller from the lead's panel: the same
 * statements as the visitor's own link and the booking form (one statement each, the slot's
 * capacity held), the same texts to the visitor, a freed seat offered to the waiting list,
 * and the change recorded with the staff member as its actor (so the lead's owner is not
 * alerted of their own colleague's change).
 */

const BODY_MAX = 1024

const MESSAGES = {
  body: '방문 예약 변경 요청을 보내 주세요.',
  action: '할 일(action)은 book, move, cancel 중 하나로 보내 주세요.',
  notFound: '문의를 찾을 수 없습니다. 목록을 새로 고쳐 주세요.',
  noHouse: '이 현장에는 방문 예약을 받는 견본주택이 없습니다.',
  hasVisit:
    '이 문의에는 이미 방문 예약 기록이 있습니다. 잡힌 예약은 일시 변경으로 바꾸시고, 취소되었거나 지난 방문은 새 문의로 예약해 주세요.',
  held: '이 번호로 잡힌 다른 방문 예약이 있습니다. 그 예약을 바꿔 주세요.',
  notChangeable: '이미 취소되었거나 방문 시간이 지난 예약이라 바꿀 수 없습니다.',
  unavailable: '일시적인 장애로 방문 예약을 바꾸지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const

type Action = 'book' | 'move' | 'cancel'
const ACTIONS: readonly Action[] = ['book', 'move', 'cancel']

/**
 * POST /api/admin/leads/:id/visit `{action: 'book' | 'move', visitAt}` or `{action: 'cancel'}`:
 * 200 `{ok, visit: {start, status}}`; refused in Korean, changing nothing: bad input (400), a
 * lead of a site the staff member may not see (404), a full time (409 with the nearest free
 * ones), a visit that cannot change or a lead with one already (409).
 */
export function createStaffVisitHandler(deps: VisitDeps = {}) {
  const {clock = Date.now, houses = new ModelHouses()} = deps
  return async (req: Request, context: Pick<Context, 'ip' | 'params'>): Promise<Response> => {
    const asked = await staffJsonPost(req, context, {maxBytes: BODY_MAX, notObject: MESSAGES.body})
    if (!asked.ok) return asked.response
    const {staff, body} = asked
    const action = body.action as Action
    if (!ACTIONS.includes(action)) return fail(400, MESSAGES.action, {action: MESSAGES.action})
    const id = context.params?.id ?? ''
    if (!isLeadId(id)) return fail(404, MESSAGES.notFound)
    const now = clock()
    const audit = {visitor: visitorKey(req, context), actor: staff.email}
    try {
      const lead = await getLinkLead(id)
      if (!lead || !seesSite(staff, lead.site)) return fail(404, MESSAGES.notFound)
      const visit = lead.visit
      if (action === 'cancel') {
        if (!visit || !(await cancelVisit(id, now, audit.visitor, audit.actor)))
          return fail(409, MESSAGES.notChangeable)
        await offerFreedSeat(visit.site, visit.visitAt, {clock, ...deps.texts})
      } else {
        const house = (await houses.get(lead.site))?.house
        if (!house) return fail(409, MESSAGES.noHouse)
        const checked = checkVisitAt(house, body.visitAt, now)
        if (!checked.ok) return visitAtRefusal(checked.problem)
        const seat = {visitAt: checked.visitAt, capacity: house.schedule.capacity}
        if (action === 'move') {
          if (!visit) return fail(409, MESSAGES.notChangeable)
          if (checked.visitAt === visit.visitAt) return visitAtRefusal('same')
          const moved = await moveVisit(id, seat, now, audit.visitor, audit.actor)
          if (moved === 'full')
            return visitAtRefusal('full', 409, {
              slots: await nearestFree(lead.site, house, now, checked.visitAt),
            })
          if (moved !== 'moved') return fail(409, MESSAGES.notChangeable)
          await offerFreedSeat(visit.site, visit.visitAt, {clock, ...deps.texts})
        } else {
          const booked = await bookVisitFor(id, seat, now, audit)
          if (booked === 'full')
            return visitAtRefusal('full', 409, {
              slots: await nearestFree(lead.site, house, now, checked.visitAt),
            })
          if (booked === 'has-visit') return fail(409, MESSAGES.hasVisit)
          if (booked === 'held') return fail(409, MESSAGES.held)
        }
        await watchForNoShow(checked.visitAt)
      }
      // The visitor hears of it as of any booking or change: the confirmation, or the notice.
      await sendTextsFor(id, {clock, ...deps.texts})
      const changed = await getVisit(id)
      return json({
        ok: true,
        visit: changed ? {start: writeVisitAt(changed.visitAt), status: changed.status} : null,
      })
    } catch (error) {
      console.error('staff visit: unavailable', error)
      return fail(503, MESSAGES.unavailable)
    }
  }
}

import {addDays, isCalendarDate, kstDate, kstDayEnd} from '#shared/korea-time.ts'
import type {Context} from '@netlify/functions'
import {fail, json, methodNotAllowed, readJsonBody, asRecord} from '../http.ts'
import {fieldMessage} from '#shared/leads/messages.ts'
import {writeVisitAt} from '#shared/visits/visit-time.ts'
import {arrivalCodeOn} from './arrival.ts'
import {arrivalQr} from './arrival-qr.ts'
import {confirmable, confirmRefusal, confirmVisit} from './confirm.ts'
import {REBOOK_LINK_DAYS} from './no-show.ts'
import {ModelHouses, type SiteHouse} from '../model-houses.ts'
import {checkVisitAt, nearestFree, openWindow} from './slots.ts'
import {
  cancelVisit,
  confirmConsent,
  getLinkLead,
  moveVisit,
  MOVES_PER_DAY,
  withdrawConsent,
  type LinkLead,
  type VisitRow,
} from './store.ts'
import {linkOfToken, type LinkHolder} from '../auth/visit-link.ts'
import {sendTextsFor, type TextDeps} from '../texts/outbox-run.ts'
import {lakeTextContent, type TextContentLoader} from '../texts/content.ts'
import type {UnitRemaining} from '#shared/units/remaining.ts'
import {visitorKey} from '../gates/visitor.ts'
import {watchForNoShow} from './no-show.ts'
import {offerFreedSeat} from './waitlist.ts'
import type {VisitView} from '#shared/visits/visit-view.ts'

/* The public visit endpoints: the slots, and the visitor's own link to a booking. */

export const SLOT_DAYS_DEFAULT = 14
export const SLOT_DAYS_MAX = 31
const BODY_MAX = 4 * 1024

const MESSAGES = {
  unavailable: '일시적인 장애로 예약 정보를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.',
  siteRequired: '현장(site)을 지정해 주세요.',
  unknownSite: '존재하지 않는 현장입니다.',
  from: '시작일(from)은 YYYY-MM-DD 형식의 날짜로 입력해 주세요.',
  days: `조회 기간(days)은 1~${SLOT_DAYS_MAX}일로 입력해 주세요.`,
  notFound: '예약 또는 등록 정보를 찾을 수 없습니다. 문자로 받으신 링크를 다시 확인해 주세요.',
  noVisit:
    '이 링크에는 예약된 방문이 없습니다. 방문 예약은 현장 페이지의 방문 예약에서 하실 수 있습니다.',
  expired: '방문일이 지나 더 이상 사용할 수 없는 링크입니다.',
  notChangeable: '이미 취소되었거나 방문 시간이 지난 예약이라 바꿀 수 없습니다.',
  consent:
    '마케팅 수신 동의는 {"marketing": true}(확인) 또는 {"marketing": false}(철회)로 보내 주세요.',
  notOwner:
    '마케팅 수신 동의 확인은 휴대전화로 받으신 문자의 링크에서만 할 수 있습니다. 문자의 링크를 열어 주세요.',
  noConsent: '확인할 마케팅 수신 동의가 없습니다.',
  movesPerDay: `방문 시간은 하루에 ${MOVES_PER_DAY}번까지 바꿀 수 있습니다. 내일 0시부터 다시 바꿀 수 있습니다.`,
} as const

export interface VisitDeps {
  clock?: () => number
  houses?: ModelHouses
  /** How the notice of a move or a cancellation is sent (tests give a provider). */
  texts?: TextDeps
}

/** The booking (or the registration without one) as its visitor's page shows it. */
export function visitView(
  lead: LinkLead,
  house: SiteHouse | null,
  now: number,
  holder: LinkHolder,
  units: readonly UnitRemaining[] = [],
): VisitView {
  const {visit} = lead
  // A no-show's page says the booking ended: it shows no code to come in with.
  const code = visit && visit.noShowAt === null ? arrivalCodeOn(visit, now) : null
  return {
    receipt: lead.receipt,
    name: lead.name,
    site: lead.site,
    siteName: house?.siteName ?? lead.site,
    start: visit ? writeVisitAt(visit.visitAt) : null,
    status: visit?.status ?? 'registered',
    marketingConsent: lead.marketingConsent,
    marketingConfirmed: lead.marketingConfirmedAt !== null,
    owner: holder === 'owner',
    address: house?.house?.address ?? null,
    mapUrl: house?.house?.mapUrl ?? null,
    changeable: visit?.status === 'booked' && visit.visitAt > now && visit.arrivedAt === null,
    ...(code
      ? {arrivalCode: code, arrivalQr: arrivalQr({site: lead.site, code, visitId: lead.leadId})}
      : {}),
    ...(visit?.arrivedAt ? {arrivedAt: new Date(visit.arrivedAt).toISOString()} : {}),
    confirmable: visit ? confirmable(visit, now) : false,
    ...(visit?.confirmedAt ? {confirmedAt: new Date(visit.confirmedAt).toISOString()} : {}),
    ...(visit?.noShowAt ? {noShowAt: new Date(visit.noShowAt).toISOString()} : {}),
    units,
  }
}

/**
 * The remaining units the page shows. The booking matters more than the counts: when the
 * lake cannot be read, the page goes without them.
 */
async function remainingUnits(content: TextContentLoader): Promise<readonly UnitRemaining[]> {
  try {
    return (await content()).units
  } catch (error) {
    console.error('visit link: the remaining units could not be read', error)
    return []
  }
}

/** The days of a `days` parameter (absent: the default), or null when out of range. */
function dayCount(text: string | null): number | null {
  if (text === null || text.trim() === '') return SLOT_DAYS_DEFAULT
  const days = Number(text)
  return Number.isInteger(days) && days >= 1 && days <= SLOT_DAYS_MAX ? days : null
}

/**
 * GET /api/visits/slots?site=&from=&days=: every bookable start of the window with the
 * seats left (full ones too), the holidays in it, and the days of the booking window the
 * house stays closed with the reason (`closed`), so that a picker shows them as closed.
 * Cached briefly by browsers and the CDN: a picker a few seconds behind is corrected by the
 * booking's own check.
 */
export function createSlotsHandler({clock = Date.now, houses = new ModelHouses()}: VisitDeps = {}) {
  return async (req: Request): Promise<Response> => {
    if (req.method !== 'GET') return methodNotAllowed(['GET'])
    const params = new URL(req.url).searchParams
    const site = params.get('site')?.trim()
    if (!site) return fail(400, MESSAGES.siteRequired)
    const now = clock()
    const from = params.get('from')?.trim() || kstDate(now)
    if (!isCalendarDate(from)) return fail(400, MESSAGES.from)
    const days = dayCount(params.get('days'))
    if (days === null) return fail(400, MESSAGES.days)
    try {
      const entry = await houses.get(site)
      if (!entry) return fail(404, MESSAGES.unknownSite)
      const window = await openWindow(site, entry.house, {now, from, days})
      return json({ok: true, ...window}, 200, {'Cache-Control': 'public, max-age=15'})
    } catch (error) {
      console.error('visit slots: unavailable', error)
      return fail(503, MESSAGES.unavailable, undefined, {'Retry-After': '30'})
    }
  }
}

type LinkContext = Partial<Pick<Context, 'params' | 'ip'>>
type Found =
  | {ok: true; lead: LinkLead; house: SiteHouse | null; holder: LinkHolder}
  | {ok: false; response: Response}

/**
 * The last day (in Seoul) a visit's link works: its visit's day, or for a no-show some days
 * more, so that the no-show's text, which may wait out the night, still leads to booking again.
 */
const lastLinkDay = (visit: VisitRow): string =>
  addDays(kstDate(visit.visitAt), visit.noShowAt === null ? 0 : REBOOK_LINK_DAYS)

/**
 * The lead of a link: 404 for a malformed or tampered token or a lead no longer kept, 410
 * once the last day of its visit's link has passed. A registration without a visit keeps its
 * link.
 */
async function leadOfLink(context: LinkContext, houses: ModelHouses, now: number): Promise<Found> {
  const link = linkOfToken(context.params?.token ?? '')
  const lead = link ? await getLinkLead(link.leadId) : null
  if (!lead) return {ok: false, response: fail(404, MESSAGES.notFound)}
  if (lead.visit && kstDate(now) > lastLinkDay(lead.visit))
    return {ok: false, response: fail(410, MESSAGES.expired)}
  return {ok: true, lead, house: await houses.get(lead.site), holder: link!.holder}
}

type LinkAction = (found: {
  lead: LinkLead
  house: SiteHouse | null
  holder: LinkHolder
  req: Request
  now: number
  /** The visitor's address key, for the audit log. */
  visitor: string
}) => Promise<Response | null>

/**
 * One endpoint of the visitor's link: the method, the link's checks, the action (null:
 * done, answer the booking as it is now), a 503 when the database or lake fails.
 */
function linkEndpoint(method: 'GET' | 'POST', action: LinkAction | null, deps: VisitDeps) {
  const {clock = Date.now, houses = new ModelHouses()} = deps
  return async (req: Request, context: LinkContext): Promise<Response> => {
    if (req.method !== method) return methodNotAllowed([method])
    const now = clock()
    try {
      const found = await leadOfLink(context, houses, now)
      if (!found.ok) return found.response
      const visitor = visitorKey(req, {ip: context.ip ?? ''})
      const refused = action ? await action({...found, req, now, visitor}) : null
      if (refused) return refused
      // A move or a cancellation is a new revision of the visit: its notice is queued,
      // folded with the other changes of its window (texts/fold.ts).
      if (action) await sendTextsFor(found.lead.leadId, {clock, ...deps.texts})
      const lead = action ? await getLinkLead(found.lead.leadId) : found.lead
      const units = await remainingUnits(deps.texts?.content ?? lakeTextContent)
      return json({
        ok: true,
        visit: visitView(lead ?? found.lead, found.house, now, found.holder, units),
      })
    } catch (error) {
      console.error('visit link: unavailable', error)
      return fail(503, MESSAGES.unavailable, undefined, {'Retry-After': '30'})
    }
  }
}

/** GET /api/visits/:token: the booking, or the registration that booked none. */
export const createVisitHandler = (deps: VisitDeps = {}) => linkEndpoint('GET', null, deps)

/** The visit a cancel or a move acts on; a registration without one has nothing to change. */
const visitOf = (lead: LinkLead): VisitRow | Response => lead.visit ?? fail(409, MESSAGES.noVisit)

/** POST /api/visits/:token/cancel: 409 when already cancelled or started, or never booked. */
export const createCancelHandler = (deps: VisitDeps = {}) =>
  linkEndpoint(
    'POST',
    async ({lead, now, visitor}) => {
      const visit = visitOf(lead)
      if (visit instanceof Response) return visit
      if (!(await cancelVisit(visit.leadId, now, visitor))) return fail(409, MESSAGES.notChangeable)
      // The seat given back goes to the slot's waiting list first.
      await offerFreedSeat(visit.site, visit.visitAt, {clock: () => now, ...deps.texts})
      return null
    },
    deps,
  )

/** A refused visit time: the field's Korean message, and what the refusal adds (free slots). */
export const visitAtRefusal = (code: string, status = 400, extra: Record<string, unknown> = {}) =>
  json(
    {
      ok: false,
      error: fieldMessage('visitAt', code),
      fields: {visitAt: fieldMessage('visitAt', code)},
      ...extra,
    },
    status,
  )

/**
 * POST /api/visits/:token/move {visitAt}: the same checks and capacity as a booking; 429
 * (with Retry-After, until midnight in Seoul) past MOVES_PER_DAY moves today.
 */
export const createMoveHandler = (deps: VisitDeps = {}) =>
  linkEndpoint(
    'POST',
    async ({lead, house, req, now, visitor}) => {
      const body = await readJsonBody(req, BODY_MAX)
      if (!body.ok) return body.response
      const visit = visitOf(lead)
      if (visit instanceof Response) return visit
      if (visit.status !== 'booked' || visit.visitAt <= now)
        return fail(409, MESSAGES.notChangeable)
      if (!house?.house) return visitAtRefusal('unavailable')
      const checked = checkVisitAt(house.house, asRecord(body.value)?.visitAt, now)
      if (!checked.ok) return visitAtRefusal(checked.problem)
      if (checked.visitAt === visit.visitAt) return visitAtRefusal('same')
      const capacity = house.house.schedule.capacity
      const moved = await moveVisit(
        visit.leadId,
        {visitAt: checked.visitAt, capacity},
        now,
        visitor,
      )
      if (moved === 'unchangeable') return fail(409, MESSAGES.notChangeable)
      if (moved === 'limited') {
        // The count starts again at midnight in Seoul.
        const retryAfterS = Math.ceil((kstDayEnd(kstDate(now)) - now) / 1000)
        return fail(429, MESSAGES.movesPerDay, undefined, {'Retry-After': String(retryAfterS)})
      }
      if (moved === 'full') {
        const slots = await nearestFree(visit.site, house.house, now, checked.visitAt)
        return visitAtRefusal('full', 409, {slots})
      }
      await offerFreedSeat(visit.site, visit.visitAt, {clock: () => now, ...deps.texts})
      await watchForNoShow(checked.visitAt)
      return null
    },
    deps,
  )

/**
 * POST /api/visits/:token/confirm: the visitor's 방문 확인, from the day before the visit until
 * it starts; again changes nothing. 409 in Korean for a cancelled, past or too early visit.
 */
export const createConfirmHandler = (deps: VisitDeps = {}) =>
  linkEndpoint(
    'POST',
    async ({lead, now, visitor}) => {
      const visit = visitOf(lead)
      if (visit instanceof Response) return visit
      const refused = confirmRefusal(visit, now)
      if (refused) return refused
      await confirmVisit(visit.leadId, now, visitor)
      return null
    },
    deps,
  )

/**
 * POST /api/visits/:token/consent {marketing}: `true` confirms the ticked marketing consent,
 * only from the owner's link (403 otherwise, 409 when nothing was ticked), after which the
 * advert may be queued; `false` withdraws it (for the number on every site from the
 * owner's link, for this lead alone from the registrant's).
 */
export const createConsentHandler = (deps: VisitDeps = {}) =>
  linkEndpoint(
    'POST',
    async ({lead, holder, req, now}) => {
      const body = await readJsonBody(req, BODY_MAX)
      if (!body.ok) return body.response
      const marketing = asRecord(body.value)?.marketing
      if (marketing === false) {
        await withdrawConsent(lead.leadId, now, holder)
        return null
      }
      if (marketing !== true) return fail(400, MESSAGES.consent)
      if (holder !== 'owner') return fail(403, MESSAGES.notOwner)
      return (await confirmConsent(lead.leadId, now)) ? null : fail(409, MESSAGES.noConsent)
    },
    deps,
  )

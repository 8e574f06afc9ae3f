import {addDays, isCalendarDate, kstDate, kstDayEnd} from '#shared/korea-time.ts'
import type {Context} from '@netlify/functions'
import {fail, json, methodNotAllowed, readJsonBody, asRecord} from '../http.ts'
import {fieldMessage} from '#shared/leads/messages.ts'
import {holidaysBetween} from '#shared/visits/holidays.ts'
import {slotStart} from '#shared/visits/schedule.ts'
import {ModelHouses, type SiteHouse} from './houses.ts'
import {availability, checkVisitAt, nearestFree} from './slots.ts'
import {
  cancelVisit,
  confirmConsent,
  getVisit,
  moveVisit,
  MOVES_PER_DAY,
  withdrawConsent,
  type VisitRow,
  type VisitStatus,
} from './store.ts'
import {linkOfToken, type LinkHolder} from './token.ts'
import {sendTextsFor, type TextDeps} from '../texts/outbox.ts'
import {visitorKey} from '../visitor.ts'

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
  notFound: '예약을 찾을 수 없습니다. 문자로 받으신 링크를 다시 확인해 주세요.',
  expired: '방문일이 지나 더 이상 사용할 수 없는 링크입니다.',
  notChangeable: '이미 취소되었거나 방문 시간이 지난 예약이라 바꿀 수 없습니다.',
  consent:
    '마케팅 수신 동의는 {"marketing": true}(확인) 또는 {"marketing": false}(철회)로 보내 주세요.',
  notOwner:
    '마케팅 수신 동의 확인은 휴대전화로 받으신 문자의 링크에서만 할 수 있습니다. 문자의 링크를 열어 주세요.',
  noConsent: '이 예약에는 확인할 마케팅 수신 동의가 없습니다.',
  movesPerDay: `방문 시간은 하루에 ${MOVES_PER_DAY}번까지 바꿀 수 있습니다. 내일 0시부터 다시 바꿀 수 있습니다.`,
} as const

export interface VisitDeps {
  clock?: () => number
  houses?: ModelHouses
  /** How the notice of a move or a cancellation is sent (tests give a provider). */
  texts?: TextDeps
}

export interface VisitView {
  receipt: string
  name: string
  site: string
  siteName: string
  start: string
  status: VisitStatus
  marketingConsent: boolean
  /** The number's owner confirmed the marketing consent. */
  marketingConfirmed: boolean
  /** The link is the one texted to the number (it may confirm the consent). */
  owner: boolean
  address: string | null
  mapUrl: string | null
  changeable: boolean
}

/** The booking as its visitor's page shows it. */
export function visitView(
  visit: VisitRow,
  house: SiteHouse | null,
  now: number,
  holder: LinkHolder,
): VisitView {
  return {
    receipt: visit.receipt,
    name: visit.name,
    site: visit.site,
    siteName: house?.siteName ?? visit.site,
    start: slotStart(visit.startsAt),
    status: visit.status,
    marketingConsent: visit.marketingConsent,
    marketingConfirmed: visit.marketingConfirmedAt !== null,
    owner: holder === 'owner',
    address: house?.house?.address ?? null,
    mapUrl: house?.house?.mapUrl ?? null,
    changeable: visit.status === 'booked' && visit.startsAt > now,
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
 * seats left (full ones too), and the holidays in it. Cached briefly by browsers and the
 * CDN: a picker a few seconds behind is corrected by the booking's own check.
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
      const slots = entry.house ? await availability(site, entry.house, {now, from, days}) : []
      const holidays = holidaysBetween(from, addDays(from, days - 1))
      return json({ok: true, slots, holidays}, 200, {'Cache-Control': 'public, max-age=15'})
    } catch (error) {
      console.error('visit slots: unavailable', error)
      return fail(503, MESSAGES.unavailable, undefined, {'Retry-After': '30'})
    }
  }
}

type LinkContext = Partial<Pick<Context, 'params' | 'ip'>>
type Found =
  | {ok: true; visit: VisitRow; house: SiteHouse | null; holder: LinkHolder}
  | {ok: false; response: Response}

/** The visit of a link: 404 for a malformed or tampered token, 410 once its day has passed. */
async function visitOfLink(context: LinkContext, houses: ModelHouses, now: number): Promise<Found> {
  const link = linkOfToken(context.params?.token ?? '')
  const visit = link ? await getVisit(link.leadId) : null
  if (!visit) return {ok: false, response: fail(404, MESSAGES.notFound)}
  if (kstDate(now) > kstDate(visit.startsAt))
    return {ok: false, response: fail(410, MESSAGES.expired)}
  return {ok: true, visit, house: await houses.get(visit.site), holder: link!.holder}
}

type LinkAction = (found: {
  visit: VisitRow
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
      const found = await visitOfLink(context, houses, now)
      if (!found.ok) return found.response
      const visitor = visitorKey(req, {ip: context.ip ?? ''})
      const refused = action ? await action({...found, req, now, visitor}) : null
      if (refused) return refused
      // A move or a cancellation is a new revision of the visit: its notice is queued,
      // folded with the other changes of its window (texts/fold.ts).
      if (action) await sendTextsFor(found.visit.leadId, {clock, ...deps.texts})
      const visit = action ? await getVisit(found.visit.leadId) : found.visit
      return json({
        ok: true,
        visit: visitView(visit ?? found.visit, found.house, now, found.holder),
      })
    } catch (error) {
      console.error('visit link: unavailable', error)
      return fail(503, MESSAGES.unavailable, undefined, {'Retry-After': '30'})
    }
  }
}

/** GET /api/visits/:token */
export const createVisitHandler = (deps: VisitDeps = {}) => linkEndpoint('GET', null, deps)

/** POST /api/visits/:token/cancel: 409 when already cancelled or started. */
export const createCancelHandler = (deps: VisitDeps = {}) =>
  linkEndpoint(
    'POST',
    async ({visit, now, visitor}) =>
      (await cancelVisit(visit.leadId, now, visitor)) ? null : fail(409, MESSAGES.notChangeable),
    deps,
  )

const visitAtRefusal = (code: string, status = 400, extra: Record<string, unknown> = {}) =>
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
    async ({visit, house, req, now, visitor}) => {
      const body = await readJsonBody(req, BODY_MAX)
      if (!body.ok) return body.response
      if (visit.status !== 'booked' || visit.startsAt <= now)
        return fail(409, MESSAGES.notChangeable)
      if (!house?.house) return visitAtRefusal('unavailable')
      const checked = checkVisitAt(house.house, asRecord(body.value)?.visitAt, now)
      if (!checked.ok) return visitAtRefusal(checked.problem)
      if (checked.startsAt === visit.startsAt) return visitAtRefusal('same')
      const capacity = house.house.schedule.capacity
      const moved = await moveVisit(
        visit.leadId,
        {startsAt: checked.startsAt, capacity},
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
        const slots = await nearestFree(visit.site, house.house, now, checked.startsAt)
        return visitAtRefusal('full', 409, {slots})
      }
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
    async ({visit, holder, req, now}) => {
      const body = await readJsonBody(req, BODY_MAX)
      if (!body.ok) return body.response
      const marketing = asRecord(body.value)?.marketing
      if (marketing === false) {
        await withdrawConsent(visit.leadId, now, holder)
        return null
      }
      if (marketing !== true) return fail(400, MESSAGES.consent)
      if (holder !== 'owner') return fail(403, MESSAGES.notOwner)
      return (await confirmConsent(visit.leadId, now)) ? null : fail(409, MESSAGES.noConsent)
    },
    deps,
  )

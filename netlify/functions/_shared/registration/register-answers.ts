import {fail, json, SECURITY_HEADERS, tooManyRequests} from '../http.ts'
import {
  fieldMessages,
  rateLimitedMessage,
  REGISTER_MESSAGES,
  unavailableMessage,
  VISIT_HELD_MESSAGES,
  type FieldCodes,
  type VisitHeld,
} from '#shared/leads/messages.ts'
import type {Slot} from '../visits/slots.ts'
import type {ResultStatus} from '#shared/leads/outcomes.ts'
import {REGISTRATION_RESULT_PATH} from '#shared/leads/registration-contract.ts'

/** The visit booked with a lead: its start and the visitor's own link to it. */
export interface BookedVisit {
  visitAt: string
  manageUrl: string
}

/**
 * What became of the time a registration asked for: booked, or not booked because the
 * number holds a coming visit on the site (whose link was texted again, or could not be).
 * The held visit's time and link never go in the answer: whoever typed the number may not
 * own it.
 */
export type VisitOutcome = BookedVisit | {held: VisitHeld} | WaitingVisit

/** The full slot a waiting-list entry waits for, and its claim page (the registrant's link). */
export interface WaitingVisit {
  visitAt: string
  waitlistUrl: string
}

/** The answers of POST /api/register, in the form each kind of client understands. */
export interface RegisterAnswers {
  accepted(receipt: string, visit?: VisitOutcome): Response
  /** The chosen slot filled meanwhile: nothing was stored. */
  full(slots: readonly Slot[]): Response
  invalid(codes: FieldCodes): Response
  malformed(): Response
  /** An Idempotency-Key already used with another body. */
  keyReused(): Response
  tooLarge(): Response
  limited(retryAfterS: number, phone: string | null): Response
  unavailable(phone: string | null): Response
}

/** For the popup, the customer page and the enhanced home form (fetch with JSON). */
export const jsonAnswers: RegisterAnswers = {
  accepted: (receipt, visit) =>
    json(
      visit && 'held' in visit
        ? {ok: true, receipt, visitHeld: visit.held, message: VISIT_HELD_MESSAGES[visit.held]}
        : {ok: true, receipt, ...visit},
      201,
    ),
  full: (slots) =>
    json(
      {
        ok: false,
        error: REGISTER_MESSAGES.full,
        fields: fieldMessages({visitAt: 'full'}),
        slots,
      },
      409,
    ),
  invalid: (codes) => fail(400, REGISTER_MESSAGES.invalid, fieldMessages(codes)),
  malformed: () => fail(400, REGISTER_MESSAGES.malformed),
  keyReused: () => fail(422, REGISTER_MESSAGES.keyReused),
  tooLarge: () => fail(413, REGISTER_MESSAGES.tooLarge),
  limited: (retryAfterS, phone) =>
    tooManyRequests(retryAfterS, rateLimitedMessage(retryAfterS, phone)),
  unavailable: (phone) => fail(503, unavailableMessage(phone), undefined, {'Retry-After': '60'}),
}

function seeResult(status: ResultStatus, params: Record<string, string> = {}): Response {
  const headers = new Headers(SECURITY_HEADERS)
  headers.set('Location', `${REGISTRATION_RESULT_PATH}?${new URLSearchParams({status, ...params})}`)
  return new Response(null, {status: 303, headers})
}

/**
 * For the home form without JavaScript: a 303 to the result page with codes only
 * (`status`, `receipt`, `visitAt` (a slot's start, checked) or `visitHeld` (`resent`,
 * `unsent`: the number holds a coming visit, no time was booked), one `<field>=<code>` per
 * invalid field, `retryAfter`; `status=full`: the chosen slot filled meanwhile). The page
 * maps codes to the texts of messages.ts; nothing the visitor typed is sent back.
 */
export const redirectAnswers: RegisterAnswers = {
  accepted: (receipt, visit) =>
    seeResult('accepted', {
      receipt,
      ...(visit ? ('held' in visit ? {visitHeld: visit.held} : {visitAt: visit.visitAt}) : {}),
    }),
  full: () => seeResult('full'),
  invalid: (codes) => seeResult('invalid', codes as Record<string, string>),
  malformed: () => seeResult('invalid'),
  // A browser's form sends no Idempotency-Key: only a hand-made request gets here.
  keyReused: () => seeResult('invalid'),
  tooLarge: () => seeResult('too-large'),
  limited: (retryAfterS) =>
    seeResult('limited', {retryAfter: String(Math.max(1, Math.ceil(retryAfterS)))}),
  unavailable: () => seeResult('unavailable'),
}

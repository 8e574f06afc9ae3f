import type {Env} from '#config/settings.ts'
import type {Context} from '@netlify/functions'
import {asRecord, fail, isContentType, methodNotAllowed, readBody} from '../http.ts'
import {hit} from '../rate-limit.ts'
import {markTextsDue, sendTextsFor, type TextDeps} from '../texts/outbox-run.ts'
import {textGoes} from '../texts/outbox-statements.ts'
import {visitorKey} from '../gates/visitor.ts'
import {forwardFirstAttempt} from '../leads/deliver.ts'
import {fromFormBody} from './form-body.ts'
import {fieldMessages, REGISTER_MESSAGES} from '#shared/leads/messages.ts'
import {
  jsonAnswers,
  redirectAnswers,
  type RegisterAnswers,
  type VisitOutcome,
} from './register-answers.ts'
import {leadSettings} from '../lead-settings.ts'
import {SiteDirectory} from '../leads/sites.ts'
import {doubtReason, spamReason} from './spam.ts'
import {countPhoneRegistration, saveLead, type SavedLead} from '../leads/store.ts'
import {assignNewLead} from '../leads/owners.ts'
import {bookOrHold} from '../visits/book-or-hold.ts'
import {validateSubmission, validateVisitAt} from '../leads/validate.ts'
import {ModelHouses} from '../model-houses.ts'
import {nearestFree} from '../visits/slots.ts'
import {watchForNoShow} from '../visits/no-show.ts'
import {getVisit} from '../visits/store.ts'
import {visitPath, visitToken} from '../auth/visit-link.ts'
import {joinWaitlist} from '../visits/waitlist.ts'
import {
  waitlistPagePath,
  WAITLIST_JOIN_REFUSALS,
  WAITLIST_MESSAGES,
} from '#shared/visits/waitlist.ts'
import {writeVisitAt} from '#shared/visits/visit-time.ts'

export const MAX_BODY_BYTES = 16 * 1024
export const RATE_WINDOW_S = 10 * 60
const DAY_S = 24 * 60 * 60
const IDEMPOTENCY_KEY_MAX = 200

export interface RegisterDeps {
  clock?: () => number
  sites?: SiteDirectory
  houses?: ModelHouses
  env?: Env
  /** The forwarding timeout of the inline delivery (5 s unless a test shortens it). */
  deliveryTimeoutMs?: number
  /** Where the texts' templates come from and who sends them (the lake and SMS_PROVIDER). */
  texts?: Pick<TextDeps, 'content' | 'provider'>
  /**
   * POST /api/visits/waitlist: the time is required, and its full slot is waited for
   * (visits/waitlist.ts) instead of booked; JSON only.
   */
  waitlist?: boolean
}

type Parsed = {ok: true; body: Record<string, unknown>} | {ok: false; response: Response}

async function parse(req: Request, form: boolean, answers: RegisterAnswers): Promise<Parsed> {
  const raw = await readBody(req, MAX_BODY_BYTES)
  if (!raw.ok) return {ok: false, response: answers.tooLarge()}
  if (form) return {ok: true, body: fromFormBody(raw.text)}
  try {
    const body = asRecord(JSON.parse(raw.text))
    if (body) return {ok: true, body}
  } catch {
    // answered below like any body that is not a JSON object
  }
  return {ok: false, response: answers.malformed()}
}

/**
 * The visit of an earlier submission with the same Idempotency-Key, for its answer (or that
 * it was held for the number's coming visit): a visit that cannot be read back never stops
 * the answer that the lead was stored.
 */
async function earlierVisit(lead: SavedLead['lead']): Promise<VisitOutcome | undefined> {
  const {id: leadId, site} = lead
  try {
    if (lead.visitRefused)
      return {held: (await textGoes(leadId, 'confirmation')) ? 'resent' : 'unsent'}
    const visit = await getVisit(leadId)
    if (visit?.status !== 'booked') return undefined
    return {visitAt: writeVisitAt(visit.visitAt), manageUrl: visitPath(site, leadId)}
  } catch (error) {
    console.error('register: the earlier visit could not be read back', error)
    return undefined
  }
}

/**
 * Whether a new lead's visitor is texted: within the daily registrations of its number on
 * its site. A count that cannot be made texts as before: the limit guards the number's
 * owner against a flood, and must not cost a real visitor the confirmation.
 */
async function mayText(lead: SavedLead['lead'], limit: number, now: number): Promise<boolean> {
  if (limit === 0) return true
  try {
    return await countPhoneRegistration(
      lead,
      {bucket: 'register-phone', limit, windowS: DAY_S},
      now,
    )
  } catch (error) {
    console.error('register: the registrations of the number could not be counted', error)
    return true
  }
}

/**
 * POST /api/register. The attempt is counted against the visitor's limit first; the
 * lead is then stored durably (one statement) before the visitor hears it was received;
 * forwarding is tried once inline, under a claim taken with the lead, and otherwise left
 * to the retry job once the claim's lease ends. The visitor's text (a confirmation, or an
 * acknowledgement without a visit) is queued and sent next; it never fails the
 * registration, and what it cannot do the texts' scheduled job does. Past the daily
 * registrations of its number on the site, the lead is stored and forwarded, marked for the
 * staff, and not texted. A time asked for by a number that holds a coming visit on the site
 * is not booked: the lead is stored and forwarded, marked for the staff, and its text is
 * that visit's confirmation again, to the number only.
 */
export function createRegisterHandler({
  clock = Date.now,
  sites = new SiteDirectory(),
  houses = new ModelHouses(),
  env,
  deliveryTimeoutMs,
  texts,
  waitlist = false,
}: RegisterDeps = {}) {
  return async (req: Request, context: Pick<Context, 'ip'>): Promise<Response> => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const form = !waitlist && isContentType(req, 'application/x-www-form-urlencoded')
    if (!form && !isContentType(req, 'application/json'))
      return fail(415, waitlist ? WAITLIST_MESSAGES.unsupported : REGISTER_MESSAGES.unsupported)
    const answers = form ? redirectAnswers : jsonAnswers

    const idempotencyKey = req.headers.get('idempotency-key')?.trim() || null
    if (idempotencyKey && idempotencyKey.length > IDEMPOTENCY_KEY_MAX) return answers.malformed()
    const parsed = await parse(req, form, answers)
    if (!parsed.ok) return parsed.response

    const settings = leadSettings(env)
    const now = clock()
    try {
      if (settings.rateLimit > 0) {
        const rule = {bucket: 'register', limit: settings.rateLimit, windowS: RATE_WINDOW_S}
        const limit = await hit(rule, visitorKey(req, context), now)
        if (!limit.allowed) return answers.limited(limit.retryAfterS, await sites.phone())
      }
    } catch (error) {
      console.error('register: database unavailable', error)
      return answers.unavailable(await sites.phone())
    }

    const checked = validateSubmission(parsed.body, form ? 'home' : undefined)
    if (!checked.ok) return answers.invalid(checked.codes)
    const site = await sites.resolve(checked.input.site)
    if (!site.ok) return answers.invalid({site: 'unknown'})

    // A visit time, when one was chosen: checked against the site's schedule now.
    let asked
    try {
      asked = await validateVisitAt(parsed.body, {
        house: async () => (await houses.get(site.site))?.house ?? null,
        now,
        required: waitlist,
      })
    } catch (error) {
      console.error('register: model houses unavailable', error)
      return answers.unavailable(site.phone)
    }
    if (!asked.ok)
      return asked.codes.visitAt === 'required'
        ? fail(400, WAITLIST_MESSAGES.required, fieldMessages(asked.codes))
        : answers.invalid(asked.codes)
    const seat = asked.visit

    const spam = spamReason(parsed.body)
    const newLead = {
      input: {...checked.input, site: site.site},
      spam,
      doubt: spam ? null : doubtReason(parsed.body),
      idempotencyKey,
      now,
      forwarding: settings.forwarding,
    }
    let saved: SavedLead
    let held = false
    try {
      // Spam is stored as usual but never takes a seat nor waits for one.
      const request = seat && {visitAt: seat.visitAt, capacity: seat.house.schedule.capacity}
      const booked =
        request && !spam
          ? await (waitlist ? joinWaitlist : bookOrHold)(newLead, request)
          : {saved: await saveLead(newLead), held: false}
      if (booked === 'full') {
        return answers.full(await nearestFree(site.site, seat!.house, now, seat!.visitAt))
      }
      // A waiting-list join refused: nothing was stored.
      if (typeof booked === 'string') return fail(409, WAITLIST_JOIN_REFUSALS[booked])
      saved = booked.saved
      held = booked.held
    } catch (error) {
      console.error('register: database unavailable', error)
      return answers.unavailable(site.phone)
    }

    // The key of an earlier, different submission: its receipt is not this one's.
    if (saved.keyReused) return answers.keyReused()
    const {lead, claim, created} = saved
    if (created && !lead.spam) await assignNewLead(lead, env)
    await forwardFirstAttempt(lead, claim, {
      url: settings.forwardUrl,
      clock,
      timeoutMs: deliveryTimeoutMs,
    })
    const texted = created && !lead.spam && (await mayText(lead, settings.phoneDailyLimit, now))
    if (texted) await sendTextsFor(lead.id, {clock, env, ...texts})
    // A lead not texted still has its staff's alerts, which the texts' sweep queues.
    else if (created && !lead.spam) await markTextsDue(now)
    if (created && seat && !waitlist) await watchForNoShow(seat.visitAt)
    let visit: VisitOutcome | undefined
    if (!created) visit = await earlierVisit(lead)
    else if (held)
      // Told only whether the link went again: the held visit is the number owner's to see.
      visit = {held: texted && (await textGoes(lead.id, 'confirmation')) ? 'resent' : 'unsent'}
    else if (seat && !spam && waitlist) {
      const waitlistUrl = waitlistPagePath(lead.site, visitToken(lead.id))
      visit = {visitAt: writeVisitAt(seat.visitAt), waitlistUrl}
    } else if (seat && !spam)
      visit = {visitAt: writeVisitAt(seat.visitAt), manageUrl: visitPath(lead.site, lead.id)}
    return answers.accepted(lead.receipt, visit)
  }
}

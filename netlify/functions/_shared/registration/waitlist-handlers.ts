import type {Context} from '@netlify/functions'
import {WAITLIST_JOIN_REFUSALS, WAITLIST_MESSAGES} from '#shared/visits/waitlist.ts'
import {fail, json, methodNotAllowed} from '../http.ts'
import {createRegisterHandler, type RegisterDeps} from './register-handler.ts'
import {sendTextsFor} from '../texts/outbox-run.ts'
import {ModelHouses} from '../model-houses.ts'
import {watchForNoShow} from '../visits/no-show.ts'
import {linkOfToken, type LinkHolder} from '../auth/visit-link.ts'
import {claimOffer, entryOf, waitlistView, type ClaimResult} from '../visits/waitlist.ts'
import type {VisitDeps} from '../visits/handlers.ts'

/* The waiting list's endpoints: joining a full slot, and the claim page's link. */

/**
 * POST /api/visits/waitlist {site, visitAt, name, phone, consent, …}: the registration's
 * handler, checks, limits and texts, waiting for the full slot instead of booking it: 201
 * `{ok, receipt, visitAt, waitlistUrl}`, 409 when the slot has a seat, the number already
 * waits for it, or it holds a coming visit on the site.
 */
export const createWaitlistJoinHandler = (deps: Omit<RegisterDeps, 'waitlist'> = {}) =>
  createRegisterHandler({...deps, waitlist: true})

type LinkContext = Partial<Pick<Context, 'params'>>

/** The lead of a claim link and its holder; 404 for a malformed or tampered token. */
function entryLink(context: LinkContext): {leadId: string; holder: LinkHolder} | null {
  return linkOfToken(context.params?.token ?? '')
}

/** GET /api/visits/waitlist/:token: the entry as the claim page shows it. */
export function createWaitlistEntryHandler({
  clock = Date.now,
  houses = new ModelHouses(),
}: VisitDeps = {}) {
  return async (req: Request, context: LinkContext): Promise<Response> => {
    if (req.method !== 'GET') return methodNotAllowed(['GET'])
    const link = entryLink(context)
    if (!link) return fail(404, WAITLIST_MESSAGES.notFound)
    try {
      const entry = await entryOf(link.leadId)
      if (!entry) return fail(404, WAITLIST_MESSAGES.notFound)
      const house = await houses.get(entry.site)
      const view = waitlistView(entry, house?.siteName ?? entry.site, link.holder, clock())
      return json({ok: true, entry: view}, 200, {'Cache-Control': 'no-store'})
    } catch (error) {
      console.error('waitlist: unavailable', error)
      return fail(503, WAITLIST_MESSAGES.unavailable, undefined, {'Retry-After': '30'})
    }
  }
}

/** Each refused claim's answer: Korean, and nothing changed. */
const CLAIM_REFUSALS: Record<Exclude<ClaimResult, 'claimed'>, [number, string]> = {
  'not-offered': [409, WAITLIST_MESSAGES.notOffered],
  expired: [410, WAITLIST_MESSAGES.expired],
  'claimed-already': [409, WAITLIST_MESSAGES.claimed],
  'has-visit': [409, WAITLIST_JOIN_REFUSALS['has-visit']],
}

/**
 * POST /api/visits/waitlist/:token/claim: books the held seat, only through the link texted
 * to the entry's number (the owner's: 403 otherwise), within the offer's 30 minutes (410
 * after), and only the entry's own offer (409 while it waits). The booking's confirmation
 * is texted like any booking's; the answer is the entry, claimed, with the visit's link.
 */
export function createWaitlistClaimHandler(deps: VisitDeps = {}) {
  const {clock = Date.now, houses = new ModelHouses()} = deps
  return async (req: Request, context: LinkContext): Promise<Response> => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const link = entryLink(context)
    if (!link) return fail(404, WAITLIST_MESSAGES.notFound)
    try {
      const entry = await entryOf(link.leadId)
      if (!entry) return fail(404, WAITLIST_MESSAGES.notFound)
      if (link.holder !== 'owner') return fail(403, WAITLIST_MESSAGES.notOwner)
      const now = clock()
      const result = await claimOffer(link.leadId, now)
      if (result !== 'claimed') {
        const [status, message] = CLAIM_REFUSALS[result]
        return fail(status, message)
      }
      await watchForNoShow(entry.visitAt)
      await sendTextsFor(link.leadId, {clock, ...deps.texts})
      const claimed = await entryOf(link.leadId)
      const house = await houses.get(entry.site)
      const view = waitlistView(claimed ?? entry, house?.siteName ?? entry.site, 'owner', now)
      return json({ok: true, entry: view})
    } catch (error) {
      console.error('waitlist claim: unavailable', error)
      return fail(503, WAITLIST_MESSAGES.unavailable, undefined, {'Retry-After': '30'})
    }
  }
}

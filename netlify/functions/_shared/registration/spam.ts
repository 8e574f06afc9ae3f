import type {LeadDoubt, SpamReason} from '#shared/leads/lead.ts'
import {HONEYPOT_FIELD} from '#shared/leads/registration-contract.ts'
/** Few people type a name and a phone number and tick the consent in under 3 seconds. */
export const MIN_FILL_MS = 3000

/**
 * Why a submission is a machine's, or null: only a filled honeypot, a field no person sees,
 * reaches with the keyboard or has filled in by the browser (autocomplete off).
 */
export function spamReason(body: Record<string, unknown>): SpamReason | null {
  const honeypot = body[HONEYPOT_FIELD]
  const filled =
    typeof honeypot === 'string'
      ? honeypot.trim() !== ''
      : honeypot !== undefined && honeypot !== null
  return filled ? 'honeypot' : null
}

/**
 * Why a person's submission is doubtful, or null. `fillMs` is how long the form was open,
 * measured in the browser (a duration, so a wrong clock on the visitor's device cannot
 * make a person look like a bot). A quick fill is often a person with autofill: the lead is
 * kept, booked and texted, and the staff see the doubt. Forms without JavaScript send none.
 */
export function doubtReason(body: Record<string, unknown>): LeadDoubt | null {
  const fillMs = body.fillMs
  return typeof fillMs === 'number' && Number.isFinite(fillMs) && fillMs < MIN_FILL_MS
    ? 'too-fast'
    : null
}

import type {SpamReason} from '#shared/leads/lead.ts'
import {HONEYPOT_FIELD} from '#shared/leads/registration-contract.ts'
/** Nobody types a name and a phone number and ticks the consent in under 3 seconds. */
export const MIN_FILL_MS = 3000

/**
 * Why a submission looks automated, or null. `fillMs` is how long the form was open,
 * measured in the browser (a duration, so a wrong clock on the visitor's device cannot
 * make a person look like a bot); forms without JavaScript send none and are judged by
 * the honeypot alone.
 */
export function spamReason(body: Record<string, unknown>): SpamReason | null {
  const honeypot = body[HONEYPOT_FIELD]
  if (
    typeof honeypot === 'string'
      ? honeypot.trim() !== ''
      : honeypot !== undefined && honeypot !== null
  )
    return 'honeypot'
  const fillMs = body.fillMs
  if (typeof fillMs === 'number' && Number.isFinite(fillMs) && fillMs < MIN_FILL_MS)
    return 'too-fast'
  return null
}

/*
 * How a registration ends, in one set of words from the endpoint to the form, the result page's
 * address and the page itself:
 * - accepted: stored, with a receipt;
 * - refused: the endpoint answered no, and why (a field, a full slot, too many requests, a pause);
 * - unanswered: no answer came (the network, the timeout, a page that is not the endpoint's).
 * A lead's forwarding to the form service has words of its own (DELIVERY_STATUSES): its
 * `failed` means the forwarding failed, never that the visitor was refused.
 */

export type RegistrationOutcome = 'accepted' | 'refused' | 'unanswered'

/**
 * The `status` of the result page's address, the no-JavaScript form's answer: `accepted`, or
 * why it was refused.
 */
export const RESULT_STATUSES = [
  'accepted',
  'invalid',
  'too-large',
  'limited',
  'unavailable',
  'full',
] as const
export type ResultStatus = (typeof RESULT_STATUSES)[number]

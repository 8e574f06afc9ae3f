/**
 * What the registration endpoint and the forms agree on: where to post, where the native
 * POST comes back to, the field limits, the honeypot's name, the phone rule and the Korean
 * messages. Everything here is pure (no Node or Netlify imports), so the browser and the
 * functions run the very same rules.
 */
export {normalizePhone} from './normalize-phone.ts'
export {
  FIELD_MESSAGES,
  fieldMessage,
  rateLimitedMessage,
  REGISTER_MESSAGES,
  unavailableMessage,
  VISIT_HELD_MESSAGES,
  type VisitHeld,
} from './messages.ts'
export type {FormSource} from './lead.ts'

export const REGISTER_ENDPOINT = '/api/register'
/** Where /api/register sends the home form's native POST back to (its 303 Location). */
export const REGISTRATION_RESULT_PATH = '/registration/result'
/** The form without JavaScript with the current free times: `?site=<slug>&source=<source>`. */
export const REGISTRATION_TIME_PATH = '/registration/time'

/** Characters, counted as the visitor sees them (code points). */
export const NAME_MAX = 30
export const MESSAGE_MAX = 1000

/** The hidden field people never fill in (forms hide it from sight and from screen readers). */
export const HONEYPOT_FIELD = 'website'

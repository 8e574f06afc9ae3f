/**
 * The parts of the registration endpoint's contract the forms share with it: the phone
 * rule, the Korean field messages, the honeypot's name and the spam timing. These server
 * modules are pure (no Node or Netlify imports), so the browser runs the very same rules.
 */
export {normalizePhone} from '../../netlify/functions/_shared/leads/phone.ts'
export {
  FIELD_MESSAGES,
  fieldMessage,
  rateLimitedMessage,
  REGISTER_MESSAGES,
  unavailableMessage,
} from '../../netlify/functions/_shared/leads/messages.ts'
export {HONEYPOT_FIELD} from '../../netlify/functions/_shared/leads/spam.ts'
export {MESSAGE_MAX, NAME_MAX} from '../../netlify/functions/_shared/leads/validate.ts'
export type {LeadSource} from '../../netlify/functions/_shared/leads/lead.ts'

/** Where /api/register sends the home form's native POST (its 303 Location). */
export const REGISTRATION_RESULT_PATH = '/registration/result'
export const REGISTER_ENDPOINT = '/api/register'

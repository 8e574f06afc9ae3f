import {
  fieldMessage,
  rateLimitedMessage,
  REGISTER_MESSAGES,
  unavailableMessage,
} from '#shared/leads/registration-contract.ts'
import type {RegistrationOutcome} from '#shared/leads/outcomes.ts'
import type {VisitOutcome} from '../api/registration.ts'
import {parseVisitAt} from '#shared/visits/visit-time.ts'

/** The native POST's answer when the chosen time filled up meanwhile (nothing is stored). */
export const FULL_SLOT_RESULT =
  '선택하신 시간이 마감되었습니다. 신청은 접수되지 않았으니 다른 시간을 골라 다시 신청해 주세요.'

/** What the result page shows for the query string of the register endpoint's 303. */
export interface RegistrationResult {
  status: Exclude<RegistrationOutcome, 'unanswered'>
  receipt: string | null
  /** The visit of a success: booked (its start, checked), or held for the number's own. */
  visit?: VisitOutcome
  /** Extra lines: the field messages or the reason of the refusal. */
  details: string[]
  /** The chosen time filled up: the page sends the visitor back to choose another. */
  full?: true
}

const NOT_FIELDS = new Set(['status', 'receipt', 'retryAfter', 'visitAt', 'visitHeld'])

/**
 * Reads `?status=accepted&receipt=…`, `?status=invalid&phone=invalid`, `?status=limited&retryAfter=…`
 * and the rest. Only codes travel in the address and are mapped to our own texts, so a
 * crafted link cannot make the page say anything else. Null for anything unknown.
 */
export function readRegistrationResult(
  search: string,
  phone: string | null,
): RegistrationResult | null {
  const params = new URLSearchParams(search)
  const refused = (details: string[]): RegistrationResult => ({
    status: 'refused',
    receipt: null,
    details,
  })
  switch (params.get('status')) {
    case 'accepted': {
      const receipt = params.get('receipt')
      const visitAt = params.get('visitAt')
      const held = params.get('visitHeld')
      return {
        status: 'accepted',
        receipt: receipt && /^[\w-]{1,40}$/.test(receipt) ? receipt : null,
        ...(held === 'resent' || held === 'unsent'
          ? {visit: {held}}
          : visitAt && parseVisitAt(visitAt) !== null
            ? {visit: {start: visitAt, manageUrl: null}}
            : {}),
        details: [],
      }
    }
    case 'invalid': {
      const fields = [...params]
        .filter(([name]) => !NOT_FIELDS.has(name))
        .map(([name, code]) => fieldMessage(name, code))
      return refused(fields.length > 0 ? [...new Set(fields)] : [REGISTER_MESSAGES.invalid])
    }
    case 'too-large':
      return refused([REGISTER_MESSAGES.tooLarge])
    case 'limited': {
      const seconds = Number(params.get('retryAfter'))
      const wait = Number.isFinite(seconds) && seconds > 0 ? seconds : 600
      return refused([rateLimitedMessage(wait, phone)])
    }
    case 'unavailable':
      return refused([unavailableMessage(phone)])
    case 'full':
      return {...refused([FULL_SLOT_RESULT]), full: true}
    default:
      return null
  }
}

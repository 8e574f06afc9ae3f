import {
  fieldMessage,
  rateLimitedMessage,
  REGISTER_MESSAGES,
  unavailableMessage,
} from '../../../shared/leads/registration-contract.ts'
import type {RegistrationStatus} from './form-state.ts'

/** What the result page shows for the query string of the register endpoint's 303. */
export interface RegistrationResult {
  status: Extract<RegistrationStatus, 'success' | 'failed'>
  receipt: string | null
  /** Extra lines: the field messages or the reason of the refusal. */
  details: string[]
}

/**
 * The `status` values of the endpoint's 303; each has a prerendered page that netlify.toml serves
 * for it.
 */
export const RESULT_OUTCOMES = ['ok', 'invalid', 'too-large', 'limited', 'unavailable'] as const

const NOT_FIELDS = new Set(['status', 'receipt', 'retryAfter'])

/**
 * Reads `?status=ok&receipt=…`, `?status=invalid&phone=invalid`, `?status=limited&retryAfter=…`
 * and the rest. Only codes travel in the address and are mapped to our own texts, so a
 * crafted link cannot make the page say anything else. Null for anything unknown.
 */
export function readRegistrationResult(
  search: string,
  phone: string | null,
): RegistrationResult | null {
  const params = new URLSearchParams(search)
  const failed = (details: string[]): RegistrationResult => ({
    status: 'failed',
    receipt: null,
    details,
  })
  switch (params.get('status')) {
    case 'ok': {
      const receipt = params.get('receipt')
      return {
        status: 'success',
        receipt: receipt && /^[\w-]{1,40}$/.test(receipt) ? receipt : null,
        details: [],
      }
    }
    case 'invalid': {
      const fields = [...params]
        .filter(([name]) => !NOT_FIELDS.has(name))
        .map(([name, code]) => fieldMessage(name, code))
      return failed(fields.length > 0 ? [...new Set(fields)] : [REGISTER_MESSAGES.invalid])
    }
    case 'too-large':
      return failed([REGISTER_MESSAGES.tooLarge])
    case 'limited': {
      const seconds = Number(params.get('retryAfter'))
      return failed([rateLimitedMessage(Number.isFinite(seconds) && seconds > 0 ? seconds : 600)])
    }
    case 'unavailable':
      return failed([unavailableMessage(phone)])
    default:
      return null
  }
}

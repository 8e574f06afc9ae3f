import {
  FIELD_MESSAGES,
  MESSAGE_MAX,
  NAME_MAX,
  normalizePhone,
} from '../../../shared/leads/registration-contract.ts'
import type {FieldErrors} from './form-state.ts'

export interface RegistrationValues {
  name: string
  phone: string
  message: string
  /** The chosen visit slot's `start`; '' when the time is decided with the counsellor. */
  visitAt: string
  consent: boolean
  marketingConsent: boolean
}

export const EMPTY_REGISTRATION: RegistrationValues = {
  name: '',
  phone: '',
  message: '',
  visitAt: '',
  consent: false,
  marketingConsent: false,
}

/** The fields in the order they appear, so the first error gets the focus. */
export const FIELD_ORDER = ['name', 'phone', 'visitAt', 'message', 'consent'] as const

/** The server's rules, checked before sending so the visitor hears about mistakes at once. */
export function checkRegistration(values: RegistrationValues): FieldErrors {
  const errors: FieldErrors = {}
  const name = values.name.trim().replace(/\s+/g, ' ')
  if (!name) errors.name = FIELD_MESSAGES.name.required
  else if ([...name].length > NAME_MAX) errors.name = FIELD_MESSAGES.name.tooLong
  if (!values.phone.trim()) errors.phone = FIELD_MESSAGES.phone.required
  else if (!normalizePhone(values.phone)) errors.phone = FIELD_MESSAGES.phone.invalid
  if ([...values.message.trim()].length > MESSAGE_MAX)
    errors.message = FIELD_MESSAGES.message.tooLong
  if (!values.consent) errors.consent = FIELD_MESSAGES.consent.required
  return errors
}

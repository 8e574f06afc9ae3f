import {fieldMessages} from '#shared/leads/messages.ts'
import {typedFieldCodes} from '#shared/leads/typed-fields.ts'
import type {FieldErrors} from '#shared/field-errors.ts'

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

/** The endpoint's rules, checked before sending so the visitor hears about mistakes at once. */
export function checkRegistration(values: RegistrationValues): FieldErrors {
  const typed = (text: string) => text.trim() || undefined
  return fieldMessages(
    typedFieldCodes({
      name: typed(values.name),
      phone: typed(values.phone),
      message: typed(values.message),
      consent: values.consent,
    }),
  )
}

import type {FieldCodes} from './messages.ts'
import {normalizePhone} from './normalize-phone.ts'
import {MESSAGE_MAX, NAME_MAX} from './registration-contract.ts'

/** The fields a visitor types, trimmed; undefined when left empty. */
export interface TypedFields {
  name: string | undefined
  phone: string | undefined
  message: string | undefined
  consent: boolean
}

/** Characters as the visitor sees them (code points), not UTF-16 units. */
const length = (text: string): number => [...text].length

/**
 * The registration rules of the fields a visitor types, run by the forms before sending and by
 * the endpoint on what arrives: each side turns the codes into its own answer.
 */
export function typedFieldCodes(fields: TypedFields): FieldCodes {
  const codes: FieldCodes = {}
  if (!fields.name) codes.name = 'required'
  else if (length(fields.name.replace(/\s+/g, ' ')) > NAME_MAX) codes.name = 'tooLong'
  if (!fields.phone) codes.phone = 'required'
  else if (!normalizePhone(fields.phone)) codes.phone = 'invalid'
  if (fields.message && length(fields.message) > MESSAGE_MAX) codes.message = 'tooLong'
  if (!fields.consent) codes.consent = 'required'
  return codes
}

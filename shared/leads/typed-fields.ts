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

/*
 * What a name may not carry, because the name is put into the texts sent from the brand's
 * number (docs/decisions/009-only-our-words-in-texts.md): an address to follow (a URL or a
 * domain), a number longer than a phone's (an account or a code), or characters that are
 * invisible or turn the text around (controls, bidi and zero-width marks: Unicode Cc, Cf).
 */
const NAME_REFUSED = [
  /:\/\/|www\./iu,
  /[\p{L}\p{N}]\.[a-z]{2,}/iu,
  /(?:\d[\s.-]?){12,}/u,
  /[\p{Cc}\p{Cf}]/u,
]

/** Whether `name` is only a name: none of what a text from us may not carry. */
export const isPlainName = (name: string): boolean =>
  !NAME_REFUSED.some((pattern) => pattern.test(name))

/** What is wrong with a typed name (trimmed; undefined when empty), or null. */
export function nameCode(name: string | undefined): 'required' | 'tooLong' | 'invalid' | null {
  if (!name) return 'required'
  if (length(name.replace(/\s+/g, ' ')) > NAME_MAX) return 'tooLong'
  return isPlainName(name) ? null : 'invalid'
}

/**
 * The registration rules of the fields a visitor types, run by the forms before sending and by
 * the endpoint on what arrives: each side turns the codes into its own answer.
 */
export function typedFieldCodes(fields: TypedFields): FieldCodes {
  const codes: FieldCodes = {}
  const name = nameCode(fields.name)
  if (name) codes.name = name
  if (!fields.phone) codes.phone = 'required'
  else if (!normalizePhone(fields.phone)) codes.phone = 'invalid'
  if (fields.message && length(fields.message) > MESSAGE_MAX) codes.message = 'tooLong'
  if (!fields.consent) codes.consent = 'required'
  return codes
}

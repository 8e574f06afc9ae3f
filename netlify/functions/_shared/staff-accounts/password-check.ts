import {dictionary} from '@zxcvbn-ts/language-common'
import {PASSWORD_MESSAGES, passwordLengthProblem} from '#shared/auth/password-rule.ts'

/*
 * The whole password rule, as the functions check it before storing a password: the length
 * (shared/auth/password-rule.ts), then the list of the 49,233 passwords people use most that
 * zxcvbn-ts ships (`passwords-common`), then the e-mail (the address, or its name part of four
 * characters or more; `email` comes normalized).
 */

const COMMON = new Set(dictionary['passwords-common'])

/** Words shorter than this are parts of too many good passwords to refuse as a stem. */
const STEM_MIN_LENGTH = 4

/**
 * The forms of a password that the list is checked against: as typed (lower-cased), without
 * the symbols people add at the end (`qwer1234!!`), and without the digits and symbols too
 * (`sunshine2024!`).
 */
function listedForms(password: string): string[] {
  const lower = password.normalize('NFC').toLowerCase()
  const withoutSymbols = lower.replace(/[^\p{L}\p{N}]+$/u, '')
  const stem = lower.replace(/[^\p{L}]+$/u, '')
  return [lower, withoutSymbols, ...(stem.length >= STEM_MIN_LENGTH ? [stem] : [])]
}

/** Why `password` cannot be `email`'s, in Korean, or null when it may be. */
export function passwordProblem(password: string, email: string): string | null {
  const length = passwordLengthProblem(password)
  if (length) return length
  if (listedForms(password).some((form) => COMMON.has(form))) return PASSWORD_MESSAGES.common
  const lower = password.toLowerCase()
  const name = email.split('@')[0] ?? ''
  if (lower.includes(email) || (name.length >= STEM_MIN_LENGTH && lower.includes(name)))
    return PASSWORD_MESSAGES.email
  return null
}

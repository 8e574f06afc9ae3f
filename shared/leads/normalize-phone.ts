/**
 * Korean phone numbers the forms accept, normalized to the hyphenated form staff dial
 * and the forwarding service receives (010-1234-5678, 02-123-4567, 1661-0440).
 */

const AREA_CODES = new Set([
  '031',
  '032',
  '033',
  '041',
  '042',
  '043',
  '044',
  '051',
  '052',
  '053',
  '054',
  '055',
  '061',
  '062',
  '063',
  '064',
])
const OLD_MOBILE = new Set(['011', '016', '017', '018', '019'])

/** Digits only, with the international +82 prefix turned back into the leading 0. */
function digitsOf(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '')
  const international = /^\+?82(\d+)$/.exec(compact)
  const digits = international ? `0${international[1]!.replace(/^0/, '')}` : compact
  return /^\d+$/.test(digits) ? digits : null
}

function split(digits: string, head: number): string | null {
  const rest = digits.slice(head)
  if (rest.length !== 7 && rest.length !== 8) return null
  const middle = rest.length - 4
  return `${digits.slice(0, head)}-${rest.slice(0, middle)}-${rest.slice(middle)}`
}

/** Exchange numbers of landlines and 070 never start with 0 or 1. */
const landline = (digits: string, head: number): string | null =>
  /^[2-9]/.test(digits.slice(head)) ? split(digits, head) : null

/** The normalized number, or null when it is not a number we accept. */
export function normalizePhone(input: string): string | null {
  const digits = digitsOf(input)
  if (!digits) return null
  const head3 = digits.slice(0, 3)
  if (head3 === '010') return digits.length === 11 ? split(digits, 3) : null
  if (OLD_MOBILE.has(head3)) return split(digits, 3)
  if (AREA_CODES.has(head3) || head3 === '070') return landline(digits, 3)
  if (digits.startsWith('02')) return landline(digits, 2)
  if (/^1[568]\d{6}$/.test(digits)) return `${digits.slice(0, 4)}-${digits.slice(4)}`
  return null
}

/** A mobile number (010, or an older 01x) normalized; null for any other number. */
export function normalizeMobile(input: string): string | null {
  const phone = normalizePhone(input)
  return phone && /^01\d-/.test(phone) ? phone : null
}

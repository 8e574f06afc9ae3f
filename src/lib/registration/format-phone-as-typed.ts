/**
 * Hyphens inserted as a visitor types a Korean phone number: 02-123-4567, 031-123-4567,
 * 010-1234-5678, 070-1234-5678, 1661-0440. Only the display changes; whether the number
 * is acceptable is decided by the shared rule (`normalizePhone`) on submit.
 */

/** How long the leading code is: 2 for Seoul, 4 for 15xx/16xx/18xx, otherwise 3. */
function headLength(digits: string): number {
  if (digits.startsWith('02')) return 2
  if (/^1[568]/.test(digits)) return 4
  return 3
}

export function formatPhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '')
  // Anything that does not start like a domestic number is left as typed (digits only),
  // so the visitor sees exactly what the validation message talks about.
  if (!/^[01]/.test(digits)) return digits
  const head = headLength(digits)
  if (head === 4) {
    const limited = digits.slice(0, 8)
    return limited.length > 4 ? `${limited.slice(0, 4)}-${limited.slice(4)}` : limited
  }
  if (!digits.startsWith('0')) return digits
  const limited = digits.slice(0, head + 8)
  if (limited.length <= head) return limited
  const rest = limited.slice(head)
  // The middle part has 3 digits until the number is long enough to need 4.
  if (rest.length <= 3) return `${limited.slice(0, head)}-${rest}`
  if (rest.length <= 7) return `${limited.slice(0, head)}-${rest.slice(0, 3)}-${rest.slice(3)}`
  return `${limited.slice(0, head)}-${rest.slice(0, 4)}-${rest.slice(4)}`
}

/** A URL path segment that stays readable everywhere: lower-case ASCII words joined by hyphens. */
export const PATH_SEGMENT_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * Sanity's default slugify silently drops Hangul, turning "울산 레이크파크" into "" or a stray
 * hyphen. This one only transliterates nothing: it lower-cases an ASCII source and joins its
 * words, and yields an empty string for a non-ASCII source so the required rule asks the
 * editor to type the segment instead of publishing a meaningless one.
 */
export function slugifyAscii(input: string): string {
  if (/[^\x20-\x7e]/.test(input)) return ''
  return input
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}

/**
 * A key the build turns into a folder of the site (a tour's `/tour/84A`): letters, digits and
 * hyphens only, so that no key climbs out of the build's folder (`..`, `/`) or carries a query.
 */
export const PATH_KEY_PATTERN = /^[A-Za-z0-9-]+$/
export const PATH_KEY_MESSAGE = '영문자, 숫자, 하이픈(-)만 쓸 수 있습니다 (예: 84A).'

/** The Studio's rule for such a key: an empty value is left to `required`. */
export const pathKeyRule = (value: unknown): true | string =>
  typeof value !== 'string' || PATH_KEY_PATTERN.test(value) || PATH_KEY_MESSAGE

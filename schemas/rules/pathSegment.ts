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

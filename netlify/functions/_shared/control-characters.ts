/**
 * `text` without control characters (C0 and DEL) except those in `kept`: they are invisible
 * on a page, would let a field of only them pass as filled in, and XML 1.0 (the RSS feed)
 * forbids them.
 */
export function stripControls(text: string, kept = ''): string {
  return [...text]
    .filter((char) => {
      const code = char.codePointAt(0)!
      return (code >= 0x20 && code !== 0x7f) || kept.includes(char)
    })
    .join('')
}

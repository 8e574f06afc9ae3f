/**
 * What a link written in content may point to: a web page (`http:`, `https:`), an e-mail
 * address or a phone number (`mailto:`, `tel:`), or a path of this site. The site renders
 * anything else as plain text, the Studio refuses it, and `POST /api/press` stores none:
 * all three decide with `linkTarget`.
 */
export type LinkTarget = {kind: 'web' | 'contact' | 'site'; href: string}

export const LINK_SCHEMES: Readonly<Record<string, LinkTarget['kind']>> = {
  'http:': 'web',
  'https:': 'web',
  'mailto:': 'contact',
  'tel:': 'contact',
}

// Any C0 control character or DEL: browsers drop some of them from a URL before reading its
// scheme ("java\tscript:"), so a link that holds one is never trusted.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * How a link from content may be followed, or null when it must not be a link. The scheme
 * is read the way a browser reads it (WHATWG URL parsing: any casing, surrounding spaces),
 * and the address given back is the one that was checked.
 */
export function linkTarget(value: unknown): LinkTarget | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  if (trimmed === '' || CONTROL.test(trimmed)) return null
  // A path of this site; `//host` and `/\host` would leave it for another host.
  if (trimmed.startsWith('/'))
    return /^\/[/\\]/.test(trimmed) ? null : {kind: 'site', href: trimmed}
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return null
  }
  const kind = LINK_SCHEMES[url.protocol]
  return kind ? {kind, href: url.href} : null
}

export function isLinkHref(value: unknown): boolean {
  return linkTarget(value) !== null
}

/** What an editor reads when a link is refused. */
export const LINK_HREF_MESSAGE =
  '링크는 http://, https://, mailto:, tel: 로 시작하는 주소나 /로 시작하는 사이트 경로만 쓸 수 있습니다.'

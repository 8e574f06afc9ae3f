/**
 * The id of a content page's section, from its stable `_key`: what an in-page link such as
 * an interior type chip points at (`/Interior/84A#section-…`).
 */
export function sectionAnchor(key: string): string {
  return `section-${key}`
}

/** A site path without its query, fragment and trailing slash, to compare two addresses. */
export function pagePath(href: string): string {
  const path = href.split(/[?#]/)[0] ?? ''
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

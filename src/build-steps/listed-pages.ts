import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {RSS_PATH, SITEMAP_PATH} from '../lib/seo/robots.ts'

/** The page file a listed address is served from. */
function pageFile(clientDir: string, pathname: string): string {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent)
  return path.join(clientDir, ...segments, 'index.html')
}

/** The paths the sitemap's `<loc>` and the feed's `<link>` elements name. */
export function listedPaths(xml: string): string[] {
  return [...xml.matchAll(/<(?:loc|link)>([^<]+)<\/(?:loc|link)>/g)].map(
    (match) => new URL((match[1] ?? '').replaceAll('&amp;', '&')).pathname,
  )
}

/**
 * The build stops when the sitemap or the feed names a page it did not prerender. The list
 * of pages and the sitemap are two reads of the content: a post published between them is
 * listed without its page. The publish that did it starts the next build, which has both.
 */
export function refuseListedPagesMissing(clientDir: string): void {
  for (const listing of [SITEMAP_PATH, RSS_PATH]) {
    const xml = readFileSync(path.join(clientDir, listing), 'utf8')
    const missing = listedPaths(xml).filter(
      (pathname) => !existsSync(pageFile(clientDir, pathname)),
    )
    if (missing.length > 0)
      throw new Error(
        `The build stops: ${listing} names ${missing.join(', ')} without a prerendered page ` +
          '(the content changed while the site was built; the next build has both).',
      )
  }
}

import {SECURITY_HEADERS} from './http.ts'

/** Reads one of the site's own generated files (a fetch of the site's address). */
export type PageReader = (url: URL) => Promise<Response>

const PAGE_TIMEOUT_MS = 5000

export const readFromSite: PageReader = (url) =>
  fetch(url, {signal: AbortSignal.timeout(PAGE_TIMEOUT_MS)})

// A page a function writes into is served as it reads, without its scripts: hydrated, its
// route would draw the generated page again over what was written in.
const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>|<link rel="modulepreload"[^>]*>/g

export interface GeneratedPage {
  html: string
  /** The page's Content-Security-Policy header (its stylesheets, fonts and pictures). */
  policy: string | null
}

/** The generated page at `path` of the site behind `url`, without its scripts; null if unread. */
export async function readGeneratedPage(
  read: PageReader,
  url: URL,
  path: string,
): Promise<GeneratedPage | null> {
  try {
    const answer = await read(new URL(path, url))
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`)
    const html = (await answer.text()).replace(SCRIPTS, '')
    return {html, policy: answer.headers.get('content-security-policy')}
  } catch (error) {
    console.error('a generated page could not be read', error)
    return null
  }
}

/**
 * `html` with each pattern's first match replaced by its markup, or null when one of them is
 * not in the page (a page this code does not know).
 */
export function writeInto(html: string, parts: ReadonlyArray<[RegExp, string]>): string | null {
  let written = html
  for (const [pattern, markup] of parts) {
    if (!pattern.test(written)) return null
    written = written.replace(pattern, () => markup)
  }
  return written
}

/** An HTML answer that is never cached (it holds one visitor's outcome or the seats now). */
export function htmlPage(html: string, policy: string | null, status = 200): Response {
  const headers = new Headers(SECURITY_HEADERS)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  // The page's own policy replaces the API's; a bare page keeps the API's (no styles needed).
  if (policy) headers.set('Content-Security-Policy', policy)
  return new Response(html, {status, headers})
}

/** A page of its own for when the generated page cannot be read: the content, unstyled. */
export function barePage(title: string, body: string): string {
  return (
    '<!doctype html><html lang="ko"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex, nofollow"><title>${title}</title></head>` +
    `<body><main><h1>${title}</h1>${body}</main></body></html>`
  )
}

import {SECURITY_HEADERS} from './http.ts'

/** Reads one of the site's own generated files (a fetch of the site's address). */
export type PageReader = (url: URL) => Promise<Response>

const PAGE_TIMEOUT_MS = 5000

export const readFromSite: PageReader = (url) =>
  fetch(url, {signal: AbortSignal.timeout(PAGE_TIMEOUT_MS)})

// A page a function writes into is served as it reads, without its scripts: hydrated, its
// route would draw the generated page again over what was written in.
const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>|<link rel="modulepreload"[^>]*>/g

/**
 * The headers a generated page is served with that speak for its content: its own policy
 * (its stylesheets, fonts and pictures) and the site's rules for every page (netlify.toml),
 * which the platform gives static files and not a function's answer.
 */
const PAGE_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
  'x-frame-options',
]

export interface GeneratedPage {
  html: string
  /** The page's own headers of PAGE_HEADERS, as the site serves the file. */
  headers: Headers
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
    const headers = new Headers()
    for (const name of PAGE_HEADERS) {
      const value = answer.headers.get(name)
      if (value) headers.set(name, value)
    }
    return {html, headers}
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

/**
 * An HTML answer that is never cached (it holds one visitor's outcome or the seats now). A
 * generated page's own headers replace the API's; a bare page keeps the API's (it needs no
 * styles).
 */
export function htmlPage(html: string, pageHeaders: Headers | null, status = 200): Response {
  const headers = new Headers(SECURITY_HEADERS)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  pageHeaders?.forEach((value, name) => headers.set(name, value))
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

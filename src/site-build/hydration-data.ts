import {createHash} from 'node:crypto'

/**
 * React Router writes the data a page hydrates with into the page itself, as scripts that
 * feed its context stream. On the home page that is a third of the compressed HTML, and
 * it pushes the HTML past what a new connection delivers in its first round trip (about
 * 14 KB), so every stylesheet, font and picture of the first screen waits one round trip
 * longer. The data is only needed once the scripts run, after the first screen is shown,
 * so the build moves it into a file of its own that the page's startup fetches alongside
 * its modules (deferred-startup.ts).
 */

const STREAM_CHUNK = /<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g
const STREAM_END = '<script>window.__reactRouterContext.streamController.close();</script>'

export interface HydrationData {
  /** The page without the scripts that carried its data. */
  html: string
  /** The context stream's text, as the scripts fed it. */
  data: string
  /** Where the build writes it: content-hashed, so it is cached for good like the modules. */
  href: string
}

/** Takes the hydration data out of a prerendered page; null for a page without any. */
export function takeHydrationData(html: string): HydrationData | null {
  if (!html.includes(STREAM_END)) return null
  const chunks: string[] = []
  const rest = html
    .replace(STREAM_CHUNK, (_script, literal: string) => {
      chunks.push(JSON.parse(literal) as string)
      return ''
    })
    .replace(STREAM_END, '')
  if (/streamController\.(enqueue|close)\(/.test(rest)) {
    throw new Error('React Router의 데이터 스크립트 가운데 알아볼 수 없는 것이 있습니다.')
  }
  const data = chunks.join('')
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 10)
  return {html: rest, data, href: `/assets/page-data-${hash}.txt`}
}

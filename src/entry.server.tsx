import {PassThrough} from 'node:stream'
import {createReadableStreamFromReadable} from '@react-router/node'
import {renderToPipeableStream} from 'react-dom/server'
import {ServerRouter, type EntryContext} from 'react-router'

const ABORT_AFTER_MS = 10_000

/**
 * Renders a page at build time (the site is prerendered, never rendered per request):
 * waits for the whole document, Suspense boundaries included, so every generated HTML
 * file holds the complete page, in order.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode
    const {pipe, abort} = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // Every Suspense boundary in its place: React otherwise moves the content of the
        // boundaries past its first 12.8 KB to the end of the body, to be put in place by an
        // inline script, which would show a page without them (and shift it) until then.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          status = 500
          console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_AFTER_MS + 1000)
  })
}

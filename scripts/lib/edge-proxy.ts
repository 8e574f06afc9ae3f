import {once} from 'node:events'
import {createServer, request, type Server} from 'node:http'
import {constants, createBrotliCompress, createGzip} from 'node:zlib'

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/

/**
 * Headers that describe one connection, not the answer (RFC 9110 §7.6.1). netlify-cli closes
 * every connection after one answer; passed on, that would have the browser open a new
 * connection for every file, which a CDN never makes a visitor do (and Lighthouse's simulated
 * network charges each new connection its round trips).
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']

function endToEnd<T extends Record<string, unknown>>(headers: T): T {
  const copy = {...headers}
  for (const name of HOP_BY_HOP) delete copy[name]
  return copy
}

/**
 * A reverse proxy that compresses text answers with Brotli or gzip, as Netlify's CDN
 * does in production; netlify-cli serves everything uncompressed, which would make the
 * benchmark measure a transfer size no visitor ever gets. Give it the port the site was
 * built to be seen at (SITE_URL), so that canonical links and the Content Lake's CORS
 * allowance name the address the browser is on.
 */
export async function startCompressionProxy(target: string, port = 0): Promise<{url: string; close(): Promise<void>}> {
  const upstream = new URL(target)
  const server: Server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: {...endToEnd(incoming.headers), host: upstream.host, 'accept-encoding': 'identity'},
      },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '')
        const accepts = String(incoming.headers['accept-encoding'] ?? '')
        const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null
        if (!encoding || !COMPRESSIBLE.test(type) || answer.headers['content-encoding']) {
          outgoing.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers))
          answer.pipe(outgoing)
          return
        }
        const headers = {...endToEnd(answer.headers), 'content-encoding': encoding, vary: 'Accept-Encoding'}
        delete headers['content-length']
        outgoing.writeHead(answer.statusCode ?? 502, headers)
        const compressor =
          encoding === 'br'
            ? createBrotliCompress({params: {[constants.BROTLI_PARAM_QUALITY]: 5}})
            : createGzip({level: 6})
        answer.pipe(compressor).pipe(outgoing)
      },
    )
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502)
      outgoing.end()
    })
    incoming.pipe(forwarded)
  })
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('compression proxy did not start')
  return {
    // "localhost" like the site itself, so the page's absolute links stay same-site.
    url: `http://localhost:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

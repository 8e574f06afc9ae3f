import {once} from 'node:events'
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import {connect} from 'node:net'
import type {Duplex} from 'node:stream'
import {constants, createBrotliCompress, createGzip} from 'node:zlib'

const COMPRESSIBLE =
  /^(text\/|application\/(javascript|json|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/

/**
 * Headers that describe one connection, not the answer (RFC 9110 §7.6.1). netlify-cli closes
 * every connection after one answer; passed on, that would have the browser open a new
 * connection for every file, which a CDN never makes a visitor do (and Lighthouse's simulated
 * network charges each new connection its round trips).
 */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]

/**
 * What netlify-cli's function server adds to every function's answer and Netlify's edge
 * never sends: Express's banner and the local runtime's invocation details (its Node
 * version, base64-encoded).
 */
const RUNTIME_ONLY = ['x-powered-by', 'x-nf-invocation-metadata', 'x-nf-start-timestamp']

/** What a visitor reads in place of netlify-cli's crash or timeout report. */
const FAILURE_MESSAGE = '일시적인 오류로 요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.'

function endToEnd<T extends IncomingHttpHeaders>(headers: T, drop: string[] = []): T {
  const copy = {...headers}
  for (const name of [...HOP_BY_HOP, ...drop]) delete copy[name]
  return copy
}

/**
 * netlify-cli answers a function that throws or runs past its time limit with a 500 that
 * carries the stack trace (the machine's paths included), as text or as an HTML page. Our
 * functions answer every error themselves, in JSON: any other 5xx is such a report.
 */
function isRuntimeFailure(status: number, headers: IncomingHttpHeaders): boolean {
  return status >= 500 && !String(headers['content-type'] ?? '').startsWith('application/json')
}

function failureAnswer(accept: string): {type: string; body: string} {
  if (accept.includes('text/html')) {
    return {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="ko"><meta charset="utf-8"><title>오류</title><p style="word-break:keep-all">${FAILURE_MESSAGE}</p></html>`,
    }
  }
  return {
    type: 'application/json; charset=utf-8',
    body: JSON.stringify({ok: false, error: FAILURE_MESSAGE}),
  }
}

export interface EdgeProxy {
  url: string
  /**
   * Holds new requests back and resolves once those already under way are answered (or
   * after `drainTimeoutMs`), with the function that lets the held requests through: what
   * lies behind the proxy can change in between and no visitor sees it half changed.
   */
  hold(drainTimeoutMs?: number): Promise<() => void>
  close(): Promise<void>
}

/** Counts the requests under way and holds new ones back while a change is made. */
class RequestGate {
  private open = 0
  private held: Promise<void> | undefined
  private drained: (() => void) | undefined

  async admit(outgoing: ServerResponse): Promise<void> {
    while (this.held) await this.held
    this.open += 1
    outgoing.on('close', () => {
      this.open -= 1
      if (this.open === 0) this.drained?.()
    })
  }

  async hold(drainTimeoutMs = 5000): Promise<() => void> {
    while (this.held) await this.held
    let release = () => undefined as void
    this.held = new Promise((resolve) => {
      release = () => {
        this.held = undefined
        resolve()
      }
    })
    if (this.open > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainTimeoutMs)
        this.drained = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.drained = undefined
    }
    return release
  }
}

/**
 * Lets at most `limit` function invocations through at once and queues the rest in order.
 * Netlify runs each invocation in an instance of its own; netlify-cli runs each in a worker
 * thread of one process, and past a few at once adds no throughput (two cores answer about
 * seven registrations a second at 10 or 50 at once) while the finished workers are not
 * reclaimed until the burst ends: 1,000 registrations 50 at a time held about 14 GB.
 */
class FunctionSlots {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(private readonly limit: number) {}

  /** Resolves once the request may go on; its slot is free again when its answer closes. */
  take(outgoing: ServerResponse): Promise<void> {
    return new Promise((resolve) => {
      const start = () => {
        this.running += 1
        resolve()
      }
      outgoing.once('close', () => {
        const queued = this.waiting.indexOf(start)
        // A visitor who leaves while queued never took a slot.
        if (queued >= 0) this.waiting.splice(queued, 1)
        else {
          this.running -= 1
          this.waiting.shift()?.()
        }
      })
      if (this.running < this.limit) start()
      else this.waiting.push(start)
    })
  }
}

const isFunctionPath = (url = '') =>
  url.startsWith('/api/') || url.startsWith('/.netlify/functions/')

export interface EdgeProxyOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Compress text answers with Brotli or gzip, as Netlify's CDN does. */
  compress?: boolean
  /** Function invocations passed on at once (see FunctionSlots). */
  functionConcurrency?: number
}

/**
 * A reverse proxy that does to netlify-cli's answers what Netlify's edge does in
 * production: it never passes on what only the local runtime adds (see RUNTIME_ONLY), it
 * answers a function's crash or timeout without the runtime's report, and, when asked, it
 * compresses text (netlify-cli serves everything uncompressed, which would make the
 * benchmark measure a transfer size no visitor ever gets). Give it the port the site was
 * built to be seen at (SITE_URL), so that canonical links and the Content Lake's CORS
 * allowance name the address the browser is on. WebSocket upgrades (the dev server's hot
 * reload) pass through untouched.
 */
export async function startEdgeProxy(
  target: string,
  {port = 0, compress = false, functionConcurrency = 8}: EdgeProxyOptions = {},
): Promise<EdgeProxy> {
  const upstream = new URL(target)
  const gate = new RequestGate()
  const slots = new FunctionSlots(functionConcurrency)
  const server: Server = createServer((incoming, outgoing) => {
    void gate
      .admit(outgoing)
      .then(() => (isFunctionPath(incoming.url) ? slots.take(outgoing) : undefined))
      .then(() => forward(incoming, outgoing))
  })
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const forwarded = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: {
          ...endToEnd(incoming.headers),
          host: upstream.host,
          'accept-encoding': 'identity',
        },
      },
      (answer) => {
        const status = answer.statusCode ?? 502
        const headers = endToEnd(answer.headers, RUNTIME_ONLY)
        if (isRuntimeFailure(status, answer.headers)) {
          answer.resume()
          const {type, body} = failureAnswer(String(incoming.headers.accept ?? ''))
          delete headers['content-encoding']
          outgoing.writeHead(status, {
            ...headers,
            'content-type': type,
            'content-length': String(Buffer.byteLength(body)),
            'cache-control': 'no-store',
          })
          outgoing.end(body)
          return
        }
        const accepts = String(incoming.headers['accept-encoding'] ?? '')
        const encoding = !compress
          ? null
          : accepts.includes('br')
            ? 'br'
            : accepts.includes('gzip')
              ? 'gzip'
              : null
        if (
          !encoding ||
          !COMPRESSIBLE.test(String(answer.headers['content-type'] ?? '')) ||
          answer.headers['content-encoding']
        ) {
          outgoing.writeHead(status, headers)
          answer.pipe(outgoing)
          return
        }
        const compressed = {...headers, 'content-encoding': encoding, vary: 'Accept-Encoding'}
        delete compressed['content-length']
        outgoing.writeHead(status, compressed)
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
  }
  // Upgraded connections leave the HTTP server's books: close() has to end them itself.
  const tunnels = new Set<Duplex>()
  server.on('upgrade', (incoming, socket, head) => {
    const tunnel = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/${incoming.httpVersion}`]
      for (let i = 0; i < incoming.rawHeaders.length; i += 2)
        lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`)
      tunnel.write(`${lines.join('\r\n')}\r\n\r\n`)
      tunnel.write(head)
      tunnel.pipe(socket).pipe(tunnel)
    })
    tunnel.on('error', () => socket.destroy())
    socket.on('error', () => tunnel.destroy())
    tunnels.add(socket).add(tunnel)
    socket.on('close', () => tunnels.delete(socket))
    tunnel.on('close', () => tunnels.delete(tunnel))
  })
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('edge proxy did not start')
  return {
    // "localhost" like the site itself, so the page's absolute links stay same-site.
    url: `http://localhost:${address.port}`,
    hold: (drainTimeoutMs) => gate.hold(drainTimeoutMs),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        for (const tunnel of tunnels) tunnel.destroy()
      }),
  }
}

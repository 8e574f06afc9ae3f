/**
 * The local stack's edge: what stands between a visitor and netlify-cli, doing what
 * Netlify's edge does in production, and bounding every request, because netlify-cli
 * itself does not survive an anonymous one (measured on netlify-cli 26.2):
 * - a body cap (MAX_BODY_BYTES, 413): netlify-cli exits on a body over 6 MB ("Stream body
 *   too big") and the site answers 502 until restarted;
 * - a read deadline (BODY_DEADLINE_MS, 408): netlify-cli exits when a body stops short for
 *   30 s ("Request timed out waiting for body"). The proxy reads the whole body within the
 *   deadline before anything reaches netlify-cli, then sends it with a Content-Length, so
 *   a half-sent or endless request never reaches it;
 * - the function slots (FunctionSlots): at most `functionConcurrency` invocations at once,
 *   at most `functionSlotsPerClient` of them for one client address, so that one client
 *   cannot hold them all, at most `functionWriteSlots` of them writes, so that a flood of
 *   registrations from many addresses leaves the reads a visitor waits on their slots, and
 *   a queue deadline (QUEUE_DEADLINE_MS, 503 with Retry-After);
 *   whether a path is a function call is decided on the normalised path (functionPath), as
 *   netlify-cli resolves case, dot segments and percent-encoding alike;
 * - an upstream request ends when its visitor leaves;
 * - request headers: a visitor's `x-netlify-*` and `x-nf-*` headers are Netlify's own
 *   instructions to the runtime (the original path, the client address, geolocation) and
 *   are dropped; the proxy vouches for the visitor's address with the stack's secret
 *   (netlify/functions/_shared/gates/visitor.ts);
 * - answer headers: nothing of the local runtime's internals (RUNTIME_ONLY, `x-nf-*`).
 * netlify-cli's own ports listen on loopback only (scripts/lib/netlify-cli/loopback-only.mjs).
 */
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
import {EDGE_CLIENT_HEADER, EDGE_PROOF_HEADER} from '#netlify/functions/_shared/gates/visitor.ts'

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
 * version, base64-encoded). Of the `x-nf-*` answer headers only the request id reaches a
 * visitor on Netlify; the others (`x-nf-fetch-timing` names internal hosts and ports) are
 * dropped too (isRuntimeHeader).
 */
const RUNTIME_ONLY = ['x-powered-by']
const PUBLIC_NF_HEADERS = ['x-nf-request-id']

const isRuntimeHeader = (name: string) =>
  RUNTIME_ONLY.includes(name) || (name.startsWith('x-nf-') && !PUBLIC_NF_HEADERS.includes(name))

/**
 * Request headers a visitor may not send on: Netlify's instructions to the runtime
 * (`x-netlify-original-pathname` makes netlify-cli run a function for another path,
 * `x-nf-client-connection-ip` names the client), and the proxy's own vouching. Netlify's
 * edge drops them too.
 */
const isInternalRequestHeader = (name: string) =>
  name.startsWith('x-nf-') ||
  name.startsWith('x-netlify-') ||
  name === EDGE_PROOF_HEADER ||
  name === EDGE_CLIENT_HEADER

/** Far above any body a function reads (256 KB at most), far below netlify-cli's 6 MB. */
export const MAX_BODY_BYTES = 1024 * 1024
/** How long a request body may take to arrive whole (netlify-cli gives up, and exits, at 30 s). */
export const BODY_DEADLINE_MS = 10_000
/**
 * How long a function call may wait for a slot. Eight slots answer about seven
 * registrations a second on an idle machine; a loaded one (two cores shared by several
 * stacks) took 30 s and more for a burst of 50 from one client.
 */
export const QUEUE_DEADLINE_MS = 60_000
const RETRY_AFTER_S = 10

/** What a visitor reads in place of netlify-cli's crash or timeout report. */
const FAILURE_MESSAGE = '일시적인 오류로 요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.'
const TOO_LARGE_MESSAGE = '요청 내용이 너무 큽니다.'
const TOO_SLOW_MESSAGE = '요청을 받는 데 시간이 너무 오래 걸렸습니다. 다시 시도해 주세요.'
const BUSY_MESSAGE = '지금은 요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.'

function endToEnd<T extends IncomingHttpHeaders>(
  headers: T,
  drop: (name: string) => boolean = () => false,
): T {
  const copy = {...headers}
  for (const name of Object.keys(copy)) {
    if (HOP_BY_HOP.includes(name) || drop(name)) delete copy[name]
  }
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

/** A Korean message as a page for a browser's navigation, as JSON for the rest and for /api. */
function errorAnswer(message: string, accept: string, api = false): {type: string; body: string} {
  if (!api && accept.includes('text/html')) {
    return {
      type: 'text/html; charset=utf-8',
      body:
        '<!doctype html><html lang="ko"><meta charset="utf-8"><title>오류</title>' +
        `<p style="word-break:keep-all">${message}</p></html>`,
    }
  }
  return {
    type: 'application/json; charset=utf-8',
    body: JSON.stringify({ok: false, error: message}),
  }
}

/**
 * The path as netlify-cli resolves it, for telling function calls apart: percent-encoding
 * decoded, dot segments and repeated slashes resolved, in lower case (so `/API/register`,
 * `/api/../api/register` and `/%61pi/register` are all `/api/register`).
 */
export function normalisedPath(target = '/'): string {
  const pathOf = (raw: string) => {
    const path = raw.startsWith('/') ? raw.split(/[?#]/, 1)[0] : safeUrl(raw)?.pathname
    return (
      safeUrl(`http://edge/${(path ?? '').replace(/[\\/]+/g, '/').replace(/^\//, '')}`)?.pathname ??
      '/'
    )
  }
  let path = pathOf(target)
  for (let round = 0; round < 4; round += 1) {
    let decoded: string
    try {
      decoded = decodeURIComponent(path)
    } catch {
      break
    }
    const next = pathOf(decoded.replace(/\?/g, '%3F').replace(/#/g, '%23'))
    if (next === path) break
    path = next
  }
  return path.toLowerCase()
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

const FUNCTION_PATH = /^\/(api|\.netlify\/(functions|builders))(\/|$)/

export const isFunctionCall = (target?: string) => FUNCTION_PATH.test(normalisedPath(target))

/** The address a visitor's connection comes from (an IPv4 address seen through IPv6 as IPv4). */
function clientAddress(incoming: IncomingMessage): string {
  const address = incoming.socket.remoteAddress ?? 'unknown'
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
}

type BodyRead = {ok: true; body: Buffer | undefined} | {ok: false; status: 408 | 413} | 'left'

/**
 * Reads a request's whole body, at most `maxBytes` of it within `deadlineMs`, so that
 * netlify-cli only ever gets a complete body of a size it survives.
 */
function readWholeBody(
  incoming: IncomingMessage,
  maxBytes: number,
  deadlineMs: number,
): Promise<BodyRead> {
  const declared = Number(incoming.headers['content-length'] ?? 0)
  if (incoming.headers['transfer-encoding'] === undefined && !(declared > 0)) {
    return Promise.resolve({ok: true, body: undefined})
  }
  if (declared > maxBytes) return Promise.resolve({ok: false, status: 413})
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let received = 0
    const settle = (result: BodyRead) => {
      clearTimeout(timer)
      incoming.off('data', onData)
      incoming.off('end', onEnd)
      incoming.off('close', onClose)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      received += chunk.byteLength
      if (received > maxBytes) settle({ok: false, status: 413})
      else chunks.push(chunk)
    }
    const onEnd = () => settle({ok: true, body: Buffer.concat(chunks)})
    const onClose = () => settle('left')
    const timer = setTimeout(() => settle({ok: false, status: 408}), deadlineMs)
    incoming.on('data', onData)
    incoming.once('end', onEnd)
    incoming.once('close', onClose)
  })
}

/** How long a refused upload may pause before its connection is closed. */
const LINGER_IDLE_MS = 1000
/** How long a refused upload may go on being sent at all. */
const LINGER_MAX_MS = 10_000

/**
 * Reads and drops the rest of a refused request's body, then closes its connection. A
 * socket closed with unread bytes sends a reset, and the reset can discard the answer the
 * visitor has not read yet; so the answer goes without `Connection: close`, which would
 * close the socket as soon as it is written. A visitor who pauses or keeps sending is cut
 * off all the same.
 */
function lingerThenClose(incoming: IncomingMessage): void {
  const cutOff = () => {
    clearTimeout(idle)
    clearTimeout(cap)
    incoming.socket.destroy()
  }
  let idle = setTimeout(cutOff, LINGER_IDLE_MS).unref()
  const cap = setTimeout(cutOff, LINGER_MAX_MS).unref()
  incoming.on('data', () => {
    clearTimeout(idle)
    idle = setTimeout(cutOff, LINGER_IDLE_MS).unref()
  })
  incoming.once('end', () => {
    clearTimeout(idle)
    clearTimeout(cap)
    incoming.socket.end()
  })
  incoming.resume()
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

interface QueuedCall {
  client: string
  write: boolean
  start: () => void
}

/** A call that changes something (a registration, a move, a press view): not a read. */
const isWrite = (method = 'GET') => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())

/**
 * Lets at most `limit` function invocations through at once, at most `perClient` of them
 * from one client address and at most `writeLimit` of them writes, and queues the rest in
 * order (a client at its share, or a write while the writes are at theirs, lets those
 * behind it pass). The slots writes may not take are the reads' (the slots of a visit, the
 * visit page, the press list): a flood of registrations from many addresses, each within
 * its share, would otherwise hold every slot, and a visitor's read waited behind it (p95
 * 29.5 s for 1,000 registrations 50 at once from 101 addresses; with five of eight for
 * writes, 2.5 s). Writes take three: past a few at once they add no throughput (below),
 * and each one more takes CPU from the reads. Netlify runs each invocation in an instance
 * of its own; netlify-cli runs each in a worker thread of one process, and past a few at
 * once adds no throughput (two cores answer about seven registrations a second at 10 or 50
 * at once) while the finished workers are not reclaimed until the burst ends: 1,000
 * registrations 50 at a time held about 14 GB. A call still queued after `deadlineMs` is turned away.
 */
class FunctionSlots {
  private total = 0
  private writes = 0
  private readonly running = new Map<string, number>()
  private readonly waiting: QueuedCall[] = []

  constructor(
    private readonly limit: number,
    private readonly perClient: number,
    private readonly writeLimit: number,
    private readonly deadlineMs: number,
  ) {}

  /**
   * Resolves true once the call may go on (its slot is free again when its answer closes),
   * false when it waited past the deadline; never, when its visitor left while queued.
   */
  take(outgoing: ServerResponse, client: string, write: boolean): Promise<boolean> {
    return new Promise((resolve) => {
      let state: 'queued' | 'running' | 'done' = 'queued'
      const call: QueuedCall = {
        client,
        write,
        start: () => {
          state = 'running'
          clearTimeout(timer)
          this.count(call, 1)
          resolve(true)
        },
      }
      const timer = setTimeout(() => {
        state = 'done'
        this.unqueue(call)
        resolve(false)
      }, this.deadlineMs)
      outgoing.once('close', () => {
        clearTimeout(timer)
        if (state === 'queued') this.unqueue(call)
        if (state === 'running') {
          this.count(call, -1)
          this.startWaiting()
        }
        state = 'done'
      })
      if (this.fits(call)) call.start()
      else this.waiting.push(call)
    })
  }

  private fits({client, write}: QueuedCall): boolean {
    return (
      this.total < this.limit &&
      (this.running.get(client) ?? 0) < this.perClient &&
      (!write || this.writes < this.writeLimit)
    )
  }

  private count({client, write}: QueuedCall, change: 1 | -1): void {
    this.total += change
    if (write) this.writes += change
    const now = (this.running.get(client) ?? 0) + change
    if (now > 0) this.running.set(client, now)
    else this.running.delete(client)
  }

  private unqueue(call: QueuedCall): void {
    const index = this.waiting.indexOf(call)
    if (index >= 0) this.waiting.splice(index, 1)
  }

  private startWaiting(): void {
    for (let index = 0; index < this.waiting.length && this.total < this.limit;) {
      const call = this.waiting[index] as QueuedCall
      if (this.fits(call)) {
        this.waiting.splice(index, 1)
        call.start()
      } else index += 1
    }
  }
}

export interface EdgeProxyOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Compress text answers with Brotli or gzip, as Netlify's CDN does. */
  compress?: boolean
  /** Function invocations passed on at once (see FunctionSlots). */
  functionConcurrency?: number
  /** Of those, how many one client address may have (see FunctionSlots). */
  functionSlotsPerClient?: number
  /** Of those, how many may be writes; the rest are kept for reads (see FunctionSlots). */
  functionWriteSlots?: number
  /** How long a function call may wait for a slot (QUEUE_DEADLINE_MS). */
  queueDeadlineMs?: number
  /** The largest request body passed on (MAX_BODY_BYTES). */
  maxBodyBytes?: number
  /** How long a request body may take to arrive (BODY_DEADLINE_MS). */
  bodyDeadlineMs?: number
  /**
   * The stack's secret: sent with every request, with the visitor's address, so that the
   * functions know the address is the proxy's word (netlify/functions/_shared/gates/visitor.ts).
   */
  secret?: string
  /**
   * The Cache-Control netlify.toml gives a file's path, or undefined. Netlify's CDN sends
   * it with the file; netlify-cli's static server replaces it with its own.
   */
  cacheControl?: (path: string) => string | undefined
}

/**
 * A reverse proxy that does to netlify-cli's answers what Netlify's edge does in
 * production: it never passes on what only the local runtime adds (see RUNTIME_ONLY), it
 * answers a function's crash or timeout without the runtime's report, and, when asked, it
 * compresses text (netlify-cli serves everything uncompressed, which would make the
 * benchmark measure a transfer size no visitor ever gets). It bounds every request (see
 * the top of this file). Give it the port the site was built to be seen at (SITE_URL), so
 * that canonical links and the Content Lake's CORS allowance name the address the browser
 * is on. WebSocket upgrades (the dev server's hot reload) pass through.
 */
export async function startEdgeProxy(
  target: string,
  {
    port = 0,
    compress = false,
    functionConcurrency = 8,
    functionSlotsPerClient = 3,
    functionWriteSlots = 3,
    queueDeadlineMs = QUEUE_DEADLINE_MS,
    maxBodyBytes = MAX_BODY_BYTES,
    bodyDeadlineMs = BODY_DEADLINE_MS,
    secret,
    cacheControl,
  }: EdgeProxyOptions = {},
): Promise<EdgeProxy> {
  const upstream = new URL(target)
  const gate = new RequestGate()
  const slots = new FunctionSlots(
    functionConcurrency,
    functionSlotsPerClient,
    Math.min(functionWriteSlots, functionConcurrency),
    queueDeadlineMs,
  )
  const vouch = (incoming: IncomingMessage): Record<string, string> =>
    secret ? {[EDGE_PROOF_HEADER]: secret, [EDGE_CLIENT_HEADER]: clientAddress(incoming)} : {}

  const refuse = (
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    status: number,
    message: string,
    extra: Record<string, string> = {},
  ) => {
    const {type, body} = errorAnswer(
      message,
      String(incoming.headers.accept ?? ''),
      isFunctionCall(incoming.url),
    )
    const unread = !incoming.complete
    outgoing.writeHead(status, {
      ...extra,
      'content-type': type,
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
    })
    outgoing.end(body)
    if (unread) lingerThenClose(incoming)
  }

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    let left = false
    outgoing.once('close', () => {
      left = true
    })
    const read = await readWholeBody(incoming, maxBodyBytes, bodyDeadlineMs)
    if (read === 'left') return
    if (!read.ok) {
      refuse(
        incoming,
        outgoing,
        read.status,
        read.status === 413 ? TOO_LARGE_MESSAGE : TOO_SLOW_MESSAGE,
      )
      return
    }
    await gate.admit(outgoing)
    if (
      isFunctionCall(incoming.url) &&
      !(await slots.take(outgoing, clientAddress(incoming), isWrite(incoming.method)))
    ) {
      if (!left) {
        refuse(incoming, outgoing, 503, BUSY_MESSAGE, {'retry-after': String(RETRY_AFTER_S)})
      }
      return
    }
    if (left) return
    forward(incoming, outgoing, read.body)
  }

  const server: Server = createServer((incoming, outgoing) => void handle(incoming, outgoing))

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse, body?: Buffer) => {
    const forwarded = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: {
          ...endToEnd(
            incoming.headers,
            (name) =>
              isInternalRequestHeader(name) || name === 'content-length' || name === 'expect',
          ),
          ...vouch(incoming),
          ...(body ? {'content-length': String(body.byteLength)} : {}),
          host: upstream.host,
          'accept-encoding': 'identity',
        },
      },
      (answer) => {
        const status = answer.statusCode ?? 502
        const headers = endToEnd(answer.headers, isRuntimeHeader)
        const cached =
          status === 200 && !isFunctionCall(incoming.url)
            ? cacheControl?.(normalisedPath(incoming.url))
            : undefined
        if (cached) headers['cache-control'] = cached
        if (isRuntimeFailure(status, answer.headers)) {
          answer.resume()
          const {type, body} = errorAnswer(FAILURE_MESSAGE, String(incoming.headers.accept ?? ''))
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
    // A visitor who leaves ends the request upstream too, answered or not.
    outgoing.once('close', () => {
      if (!outgoing.writableFinished) forwarded.destroy()
    })
    forwarded.end(body)
  }
  // Upgraded connections leave the HTTP server's books: close() has to end them itself.
  const tunnels = new Set<Duplex>()
  server.on('upgrade', (incoming, socket, head) => {
    const tunnel = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/${incoming.httpVersion}`]
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
        const name = incoming.rawHeaders[i] ?? ''
        if (!isInternalRequestHeader(name.toLowerCase()))
          lines.push(`${name}: ${incoming.rawHeaders[i + 1]}`)
      }
      for (const [name, value] of Object.entries(vouch(incoming))) lines.push(`${name}: ${value}`)
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

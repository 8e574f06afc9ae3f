import {once} from 'node:events'
import {
  Agent,
  createServer,
  get,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http'
import {connect, type AddressInfo, type Socket} from 'node:net'
import {brotliDecompressSync} from 'node:zlib'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {BODY_DEADLINE_MS, startEdgeProxy} from './edge-proxy.ts'

const PAGE = '<!doctype html><title>단지 안내</title>'.repeat(20)

// What netlify-cli's function server answered a probe, byte for byte but for the paths:
// a function past its 30 s limit, without and with `Accept: text/html`.
const TIMEOUT_TEXT =
  'TimeoutError: Task timed out after 30.00 seconds\n     at new TimeoutError ' +
  '(/work/project/node_modules/lambda-local/build/lib/utils.js:119:28)\n    ' +
  'at Context.<anonymous> ' +
  '(/work/project/node_modules/lambda-local/build/lib/context.js:113:19)\n    ' +
  'at listOnTimeout (node:internal/timers:581:17)'
const TIMEOUT_PAGE =
  '<!doctype html><html lang="en"><head><title>Invocation failed</title></head><body>' +
  '<pre>TimeoutError: Task timed out after 30.00 seconds\n at new TimeoutError ' +
  '(/work/project/node_modules/lambda-local/build/lib/utils.js:119:28)</pre></body></html>'

/**
 * An upstream that, like netlify-cli, closes its connection after every answer and brands its
 * function answers.
 */
function startUpstream() {
  const server = createServer((req, res) => {
    const runtime = {
      'x-powered-by': 'Express',
      'x-nf-invocation-metadata': 'eyJ2ZXJzaW9uIjoidjIwLjIwLjIifQ==',
      'x-nf-start-timestamp': '1795681960162',
      'x-nf-request-id': 'abc',
    }
    if (req.url === '/api/slow') {
      const html = req.headers.accept?.includes('text/html')
      res.writeHead(500, {
        ...runtime,
        ...(html ? {'content-type': 'text/html'} : {}),
        connection: 'close',
      })
      res.end(html ? TIMEOUT_PAGE : TIMEOUT_TEXT)
      return
    }
    if (req.url === '/api/busy') {
      res.writeHead(503, {...runtime, 'content-type': 'application/json', connection: 'close'})
      res.end(JSON.stringify({ok: false, error: '지금은 글을 등록할 수 없습니다.'}))
      return
    }
    if (req.url === '/api/refresh') {
      res.writeHead(401, {...runtime, 'content-type': 'application/json', connection: 'close'})
      res.end(JSON.stringify({ok: false, error: '로그인이 필요합니다.'}))
      return
    }
    const picture = req.url === '/hero.webp'
    res.writeHead(200, {
      'content-type': picture ? 'image/webp' : 'text/html; charset=utf-8',
      connection: 'close',
    })
    res.end(picture ? Buffer.alloc(64, 7) : PAGE)
  })
  server.listen(0, '127.0.0.1')
  return server
}

function fetchVia(
  agent: Agent,
  url: string,
  headers: Record<string, string> = {'accept-encoding': 'br, gzip'},
): Promise<{answer: IncomingMessage; body: Buffer; socketPort: number | undefined}> {
  return new Promise((resolve, reject) => {
    get(url, {agent, headers}, (answer) => {
      const chunks: Buffer[] = []
      const socketPort = answer.socket.localPort
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => resolve({answer, body: Buffer.concat(chunks), socketPort}))
    }).on('error', reject)
  })
}

describe('edge proxy', () => {
  let upstream: ReturnType<typeof startUpstream>
  let proxy: Awaited<ReturnType<typeof startEdgeProxy>>
  let agent: Agent
  const target = () => `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  beforeEach(async () => {
    upstream = startUpstream()
    await once(upstream, 'listening')
    proxy = await startEdgeProxy(target(), {compress: true})
    agent = new Agent({keepAlive: true, maxSockets: 1})
  })
  afterEach(async () => {
    agent.destroy()
    await proxy.close()
    upstream.close()
  })

  it('compresses text with Brotli and passes pictures through as they are', async () => {
    const page = await fetchVia(agent, `${proxy.url}/`)
    expect(page.answer.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(page.body).toString('utf8')).toBe(PAGE)
    const picture = await fetchVia(agent, `${proxy.url}/hero.webp`)
    expect(picture.answer.headers['content-encoding']).toBeUndefined()
    expect(picture.body).toEqual(Buffer.alloc(64, 7))
  })

  it('compresses nothing unless asked to', async () => {
    const plain = await startEdgeProxy(target())
    try {
      const page = await fetchVia(agent, `${plain.url}/`)
      expect(page.answer.headers['content-encoding']).toBeUndefined()
      expect(page.body.toString('utf8')).toBe(PAGE)
    } finally {
      await plain.close()
    }
  })

  it("gives static files netlify.toml's Cache-Control, and function answers their own", async () => {
    const cached = await startEdgeProxy(target(), {
      cacheControl: (path) =>
        path.startsWith('/assets/') || path.startsWith('/api/')
          ? 'public, max-age=31536000, immutable'
          : undefined,
    })
    try {
      const asset = await fetchVia(agent, `${cached.url}/assets/site-abc.css`)
      expect(asset.answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const page = await fetchVia(agent, `${cached.url}/`)
      expect(page.answer.headers['cache-control']).toBeUndefined()
      const answer = await fetchVia(agent, `${cached.url}/api/refresh`)
      expect(answer.answer.headers['cache-control']).toBeUndefined()
    } finally {
      await cached.close()
    }
  })

  it("keeps the browser's connection open although the upstream closes its own", async () => {
    const first = await fetchVia(agent, `${proxy.url}/`)
    const second = await fetchVia(agent, `${proxy.url}/hero.webp`)
    expect(first.answer.headers.connection).toBe('keep-alive')
    expect(second.socketPort).toBe(first.socketPort)
  })

  it(
    "drops the local runtime's banner and invocation " + "details, and keeps the function's answer",
    async () => {
      const {answer, body} = await fetchVia(agent, `${proxy.url}/api/refresh`, {})
      expect(answer.statusCode).toBe(401)
      expect(answer.headers['x-powered-by']).toBeUndefined()
      expect(answer.headers['x-nf-invocation-metadata']).toBeUndefined()
      expect(answer.headers['x-nf-start-timestamp']).toBeUndefined()
      expect(answer.headers['x-nf-request-id']).toBe('abc')
      expect(JSON.parse(body.toString('utf8'))).toEqual({ok: false, error: '로그인이 필요합니다.'})
    },
  )

  it(
    'answers a function timeout with a Korean message ' +
      'instead of the stack trace, as JSON or as a page',
    async () => {
      const json = await fetchVia(agent, `${proxy.url}/api/slow`, {accept: 'application/json'})
      expect(json.answer.statusCode).toBe(500)
      expect(json.answer.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(json.answer.headers['x-powered-by']).toBeUndefined()
      expect(JSON.parse(json.body.toString('utf8'))).toEqual({
        ok: false,
        error: '일시적인 오류로 요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      })
      const page = await fetchVia(agent, `${proxy.url}/api/slow`, {
        accept: 'text/html,*/*',
        'accept-encoding': 'br',
      })
      expect(page.answer.statusCode).toBe(500)
      const html = page.body.toString('utf8')
      expect(html).toContain('lang="ko"')
      expect(html).toContain('잠시 후 다시 시도해 주세요.')
      for (const body of [json.body.toString('utf8'), html]) {
        expect(body).not.toMatch(/TimeoutError|node_modules|\bat /)
      }
    },
  )

  it("passes the functions' own error answers through", async () => {
    const {answer, body} = await fetchVia(agent, `${proxy.url}/api/busy`, {})
    expect(answer.statusCode).toBe(503)
    expect(JSON.parse(body.toString('utf8'))).toEqual({
      ok: false,
      error: '지금은 글을 등록할 수 없습니다.',
    })
  })

  it('passes WebSocket upgrades through to the upstream', async () => {
    const echo = createServer()
    echo.on('upgrade', (req, socket) => {
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: ` +
          `websocket\r\nConnection: Upgrade\r\nX-Path: ${req.url}\r\n\r\n`,
      )
      socket.on('data', (data) => socket.write(data))
    })
    echo.listen(0, '127.0.0.1')
    await once(echo, 'listening')
    const tunnel = await startEdgeProxy(`http://127.0.0.1:${(echo.address() as AddressInfo).port}`)
    try {
      const req = request(`${tunnel.url}/hmr`, {
        headers: {Connection: 'Upgrade', Upgrade: 'websocket'},
      })
      req.end()
      const [answer, socket] = (await once(req, 'upgrade')) as [IncomingMessage, Socket]
      expect(answer.statusCode).toBe(101)
      expect(answer.headers['x-path']).toBe('/hmr')
      socket.write('ping')
      const [data] = (await once(socket, 'data')) as [Buffer]
      expect(data.toString()).toBe('ping')
      socket.destroy()
    } finally {
      await tunnel.close()
      echo.close()
      echo.closeAllConnections()
    }
  })
})

describe('edge proxy hold', () => {
  it(
    'waits for the requests under way, holds new ones ' +
      'back until released, and they then see the change',
    async () => {
      let generation = 'old'
      const finishSlow: Array<() => void> = []
      const upstream = createServer((req, res) => {
        const answer = () => res.writeHead(200, {'content-type': 'text/plain'}).end(generation)
        if (req.url === '/slow') finishSlow.push(answer)
        else answer()
      })
      upstream.listen(0, '127.0.0.1')
      await once(upstream, 'listening')
      const proxy = await startEdgeProxy(
        `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      )
      const text = (path: string) => fetch(`${proxy.url}${path}`).then((answer) => answer.text())
      try {
        const slow = text('/slow')
        await expect.poll(() => finishSlow.length).toBe(1)
        let held = false
        const holding = proxy.hold().then((release) => {
          held = true
          return release
        })
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect(held).toBe(false)
        const during = text('/page')
        finishSlow[0]?.()
        expect(await slow).toBe('old')
        const release = await holding
        generation = 'new'
        release()
        expect(await during).toBe('new')
        expect(await text('/page')).toBe('new')
      } finally {
        await proxy.close()
        upstream.close()
      }
    },
  )
})

describe('edge proxy function slots', () => {
  it(
    'passes on at most the set number of function invocations at ' +
      'once, in order, and never holds pages or a visitor who left',
    async () => {
      const waiting = new Map<string, () => void>()
      let running = 0
      let mostAtOnce = 0
      const upstream = createServer((req, res) => {
        const answer = () => res.writeHead(200, {'content-type': 'text/plain'}).end(req.url)
        if (!req.url?.startsWith('/api/')) return answer()
        running += 1
        mostAtOnce = Math.max(mostAtOnce, running)
        waiting.set(req.url, () => {
          running -= 1
          answer()
        })
      })
      upstream.listen(0, '127.0.0.1')
      await once(upstream, 'listening')
      const proxy = await startEdgeProxy(
        `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
        {functionConcurrency: 2},
      )
      const text = (path: string, signal?: AbortSignal) =>
        fetch(`${proxy.url}${path}`, {signal}).then((answer) => answer.text())
      try {
        const first = text('/api/1')
        const second = text('/api/2')
        await expect.poll(() => waiting.size).toBe(2)
        const leaving = new AbortController()
        const left = text('/api/left', leaving.signal).catch(() => 'left')
        const third = text('/api/3')
        expect(await text('/page')).toBe('/page')
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect([...waiting.keys()]).toEqual(['/api/1', '/api/2'])
        leaving.abort()
        expect(await left).toBe('left')
        // The proxy learns of the closed connection a moment after the visitor left.
        await new Promise((resolve) => setTimeout(resolve, 100))
        waiting.get('/api/1')?.()
        expect(await first).toBe('/api/1')
        await expect.poll(() => waiting.has('/api/3')).toBe(true)
        expect(waiting.has('/api/left')).toBe(false)
        waiting.get('/api/2')?.()
        waiting.get('/api/3')?.()
        expect([await second, await third]).toEqual(['/api/2', '/api/3'])
        expect(mostAtOnce).toBe(2)
      } finally {
        await proxy.close()
        upstream.close()
      }
    },
  )
})

interface Arrival {
  method: string
  url: string
  headers: IncomingHttpHeaders
  /** The body as the upstream read it, once its request ended. */
  body?: Buffer
  /** Whether the request's connection closed before the upstream answered it. */
  abandoned: boolean
}

/**
 * An upstream that records every request as it arrives, reads its body, and answers at
 * once, or for paths under /api/hold/ only when the test says so.
 */
async function startRecordingUpstream(answerHeaders: Record<string, string> = {}) {
  const arrivals: Arrival[] = []
  const held = new Map<string, () => void>()
  const server = createServer((req, res) => {
    const arrival: Arrival = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      abandoned: false,
    }
    arrivals.push(arrival)
    res.on('close', () => {
      if (!res.writableFinished) arrival.abandoned = true
    })
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      arrival.body = Buffer.concat(chunks)
      const answer = () =>
        res
          .writeHead(200, {'content-type': 'application/json', ...answerHeaders})
          .end(JSON.stringify({ok: true, url: req.url}))
      if (req.url?.startsWith('/api/hold/')) held.set(req.url, answer)
      else answer()
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    arrivals,
    held,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

interface Probe {
  path: string
  method?: string
  headers?: Record<string, string>
  /** Written in order, one chunk each. */
  chunks?: Buffer[]
  /** Leave the request unfinished (its body never ends). */
  unfinished?: boolean
  /** Connect from this loopback address (another client than 127.0.0.1). */
  from?: string
}

interface ProbeResult {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** One request as a raw client sends it, the path untouched, on a connection of its own. */
function probe(
  base: string,
  {path, method = 'POST', headers = {}, chunks = [], unfinished = false, from}: Probe,
) {
  const {port} = new URL(base)
  const req = request({
    host: '127.0.0.1',
    port,
    path,
    method,
    headers,
    localAddress: from,
    agent: false,
  })
  const answered = new Promise<ProbeResult>((resolve, reject) => {
    req.on('response', (answer) => {
      const parts: Buffer[] = []
      answer.on('data', (chunk: Buffer) => parts.push(chunk))
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          body: Buffer.concat(parts).toString('utf8'),
        }),
      )
      answer.on('error', reject)
    })
    req.on('error', reject)
  })
  // A refused upload is cut off while it is still being written: the answer is what counts.
  answered.catch(() => undefined)
  req.flushHeaders()
  for (const chunk of chunks) req.write(chunk)
  if (!unfinished) req.end()
  return {answered, req}
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const REGISTRATION = Buffer.from(JSON.stringify({name: '홍길동', phone: '010-1234-5678'}))

describe('edge proxy bounds', () => {
  let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>
  let proxy: Awaited<ReturnType<typeof startEdgeProxy>> | undefined
  const start = async (options: Parameters<typeof startEdgeProxy>[1] = {}) => {
    proxy = await startEdgeProxy(upstream.url, options)
    return proxy.url
  }
  const arrived = (path: string) => upstream.arrivals.filter((arrival) => arrival.url === path)
  beforeEach(async () => {
    upstream = await startRecordingUpstream()
  })
  afterEach(async () => {
    await proxy?.close()
    proxy = undefined
    upstream.close()
  })

  it('refuses 7 MB chunked and over-declared bodies with 413; none reaches upstream', async () => {
    const base = await start()
    const megabyte = Buffer.alloc(1024 * 1024, 'a')
    const chunked = probe(base, {
      path: '/api/register',
      headers: {'content-type': 'application/json', 'transfer-encoding': 'chunked'},
      chunks: Array.from({length: 7}, () => megabyte),
    })
    const answer = await chunked.answered
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ok: false, error: '요청 내용이 너무 큽니다.'})
    const declared = await probe(base, {
      path: '/',
      headers: {'content-length': String(7 * 1024 * 1024)},
      unfinished: true,
    }).answered
    expect(declared.status).toBe(413)
    expect(upstream.arrivals).toEqual([])
    expect((await fetch(`${base}/`)).status).toBe(200)
  })

  it('lets a client still sending a refused body read its 413', async () => {
    const base = await start()
    const socket = connect(Number(new URL(base).port), '127.0.0.1')
    await once(socket, 'connect')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    socket.on('error', () => undefined)
    // The client reads nothing while it writes, as a busy one does, and writes on after the
    // proxy has answered.
    socket.pause()
    const chunk = (data: Buffer) => `${data.byteLength.toString(16)}\r\n${data.toString()}\r\n`
    const megabyte = Buffer.alloc(1024 * 1024, 'a')
    socket.write(
      'POST /api/register HTTP/1.1\r\nhost: localhost\r\n' +
        'content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n',
    )
    for (let i = 0; i < 7; i++) socket.write(chunk(megabyte))
    await new Promise((resolve) => setTimeout(resolve, 300))
    socket.write(chunk(megabyte))
    socket.write('0\r\n\r\n')
    await new Promise((resolve) => setTimeout(resolve, 300))
    socket.resume()
    await Promise.race([once(socket, 'close'), new Promise((r) => setTimeout(r, 3000))])
    socket.destroy()
    expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 413 /)
  })

  it('passes a chunked body on whole, with a Content-Length', async () => {
    const base = await start()
    const answer = await probe(base, {
      path: '/api/register',
      headers: {'content-type': 'application/json', 'transfer-encoding': 'chunked'},
      chunks: [REGISTRATION.subarray(0, 10), REGISTRATION.subarray(10)],
    }).answered
    expect(answer.status).toBe(200)
    const [arrival] = arrived('/api/register')
    expect(arrival?.headers['content-length']).toBe(String(REGISTRATION.byteLength))
    expect(arrival?.headers['transfer-encoding']).toBeUndefined()
    expect(arrival?.body).toEqual(REGISTRATION)
  })

  it(
    'answers 408 to a stalled body; neither ' + 'it nor an abandoned one reaches upstream',
    async () => {
      const base = await start({bodyDeadlineMs: 300})
      const started = Date.now()
      const stalled = await probe(base, {
        path: '/api/register',
        headers: {'content-type': 'application/json', 'content-length': '100'},
        chunks: [Buffer.from('{')],
        unfinished: true,
      }).answered
      expect(stalled.status).toBe(408)
      // The given deadline, not the default one (BODY_DEADLINE_MS, 10 s), answered it: the
      // bound is about 16 times the given one, so that only the default breaks it.
      expect(Date.now() - started).toBeLessThan(BODY_DEADLINE_MS / 2)
      expect(JSON.parse(stalled.body)).toEqual({
        ok: false,
        error: '요청을 받는 데 시간이 너무 오래 걸렸습니다. 다시 시도해 주세요.',
      })
      const leaving = probe(base, {
        path: '/api/register',
        headers: {'content-length': '100'},
        chunks: [Buffer.from('{')],
        unfinished: true,
      })
      await settle(100)
      leaving.req.destroy()
      await settle(400)
      expect(upstream.arrivals).toEqual([])
      expect((await fetch(`${base}/`)).status).toBe(200)
    },
  )

  it('ends the upstream request when its visitor leaves', async () => {
    const base = await start()
    const leaving = probe(base, {path: '/api/hold/1', method: 'GET'})
    await expect.poll(() => upstream.held.has('/api/hold/1')).toBe(true)
    leaving.req.destroy()
    await expect.poll(() => arrived('/api/hold/1')[0]?.abandoned).toBe(true)
  })

  it('gives a client at most its share of the function slots; other clients get in', async () => {
    const base = await start()
    // Eight half-sent registrations and eight slow calls, all from 127.0.0.1.
    const halfSent = Array.from({length: 8}, () =>
      probe(base, {
        path: '/api/register',
        headers: {'content-length': '100'},
        chunks: [Buffer.from('{')],
        unfinished: true,
      }),
    )
    const slow = Array.from({length: 8}, (_, index) =>
      probe(base, {path: `/api/hold/${index}`, method: 'GET'}),
    )
    await expect.poll(() => upstream.held.size).toBe(3)
    const other = await probe(base, {
      path: '/api/register',
      headers: {'content-type': 'application/json'},
      chunks: [REGISTRATION],
      from: '127.0.0.2',
    }).answered
    expect(other.status).toBe(200)
    expect(upstream.held.size).toBe(3)
    for (const request of [...halfSent, ...slow]) request.req.destroy()
  })

  it(
    'keeps 5 of the 8 slots for reads while writes flood from many addresses, ' +
      'and lets queued writes in only as writes finish',
    async () => {
      const base = await start()
      const write = (index: number) =>
        probe(base, {
          path: `/api/hold/write-${index}`,
          chunks: [REGISTRATION],
          from: `127.0.0.${10 + index}`,
        })
      // Readers from addresses of their own, each within its share.
      const read = (index: number) =>
        probe(base, {
          path: `/api/hold/read-${index}`,
          method: 'GET',
          from: `127.0.0.${200 + index}`,
        })
      const heldWrites = () => [...upstream.held.keys()].filter((url) => url.includes('write'))
      // Twelve writes, each from an address of its own and within its share.
      const writes = Array.from({length: 12}, (_, index) => write(index))
      await expect.poll(() => heldWrites().length).toBe(3)
      const reads = Array.from({length: 5}, (_, index) => read(index))
      await expect.poll(() => upstream.held.size).toBe(8)
      expect(heldWrites()).toHaveLength(3)
      // A finished read frees a read's slot: the waiting writes do not take it.
      upstream.held.get('/api/hold/read-0')?.()
      upstream.held.delete('/api/hold/read-0')
      expect((await reads[0]!.answered).status).toBe(200)
      const late = read(5)
      await expect.poll(() => upstream.held.has('/api/hold/read-5')).toBe(true)
      expect(heldWrites()).toHaveLength(3)
      // A finished write lets the first waiting write in, in order.
      upstream.held.get('/api/hold/write-0')?.()
      upstream.held.delete('/api/hold/write-0')
      await expect.poll(() => upstream.held.has('/api/hold/write-3')).toBe(true)
      expect(heldWrites()).toHaveLength(3)
      expect(arrived('/api/hold/write-4')).toEqual([])
      for (const call of [...writes, ...reads, late]) call.req.destroy()
    },
  )

  it('answers 503 in Korean with Retry-After to a call queued past the deadline', async () => {
    const base = await start({functionConcurrency: 1, queueDeadlineMs: 200})
    const first = probe(base, {path: '/api/hold/1', method: 'GET'})
    await expect.poll(() => upstream.held.size).toBe(1)
    const queued = await probe(base, {path: '/api/register', chunks: [REGISTRATION]}).answered
    expect(queued.status).toBe(503)
    expect(Number(queued.headers['retry-after'])).toBeGreaterThan(0)
    expect(JSON.parse(queued.body)).toEqual({
      ok: false,
      error: '지금은 요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    })
    expect(arrived('/api/register')).toEqual([])
    upstream.held.get('/api/hold/1')?.()
    expect((await first.answered).status).toBe(200)
  })

  it('queues function calls in upper case, with dot segments or percent-encoding', async () => {
    const base = await start({functionConcurrency: 1})
    const first = probe(base, {path: '/api/hold/1', method: 'GET'})
    await expect.poll(() => upstream.held.size).toBe(1)
    const disguised = ['/API/register', '/api/../api/register', '/%61pi/register', '//api/register']
    const calls = disguised.map((path) => probe(base, {path, chunks: [REGISTRATION]}))
    await settle(200)
    expect(upstream.arrivals.map((arrival) => arrival.url)).toEqual(['/api/hold/1'])
    upstream.held.get('/api/hold/1')?.()
    expect((await first.answered).status).toBe(200)
    for (const call of calls) expect((await call.answered).status).toBe(200)
    expect(upstream.arrivals.map((arrival) => arrival.url)).toEqual(['/api/hold/1', ...disguised])
  })
})

describe('edge proxy headers', () => {
  it('drops Netlify and proxy headers a visitor sends, and internal ones in answers', async () => {
    const upstream = await startRecordingUpstream({
      'x-nf-fetch-timing': 'dur=12;desc="http://127.0.0.1:41235/.netlify/functions/register"',
      'x-nf-request-id': 'abc',
    })
    const proxy = await startEdgeProxy(upstream.url, {secret: 'stack-secret'})
    try {
      const answer = await probe(proxy.url, {
        path: '/api/press/a/views',
        headers: {
          'X-Netlify-Original-Pathname': '/api/press/b/views',
          'x-netlify-original-search': '?id=b',
          'x-nf-client-connection-ip': '198.51.100.9',
          'X-NF-Geo': 'e30=',
          'x-edge-proof': 'guessed',
          'x-edge-client-ip': '198.51.100.9',
          'x-requested-with': 'fetch',
        },
        from: '127.0.0.2',
      }).answered
      expect(answer.status).toBe(200)
      expect(answer.headers['x-nf-fetch-timing']).toBeUndefined()
      expect(answer.headers['x-nf-request-id']).toBe('abc')
      const [arrival] = upstream.arrivals
      const names = Object.keys(arrival?.headers ?? {})
      expect(names.filter((name) => /^x-(netlify|nf)-/.test(name))).toEqual([])
      expect(arrival?.headers['x-edge-proof']).toBe('stack-secret')
      expect(arrival?.headers['x-edge-client-ip']).toBe('127.0.0.2')
      expect(arrival?.headers['x-requested-with']).toBe('fetch')
    } finally {
      await proxy.close()
      upstream.close()
    }
  })
})

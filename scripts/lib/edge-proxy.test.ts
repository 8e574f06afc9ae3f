import {once} from 'node:events'
import {Agent, createServer, get, request, type IncomingMessage} from 'node:http'
import type {AddressInfo, Socket} from 'node:net'
import {brotliDecompressSync} from 'node:zlib'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {startEdgeProxy} from './edge-proxy.ts'

const PAGE = '<!doctype html><title>단지 안내</title>'.repeat(20)

// What netlify-cli's function server answered a probe, byte for byte but for the paths:
// a function past its 30 s limit, without and with `Accept: text/html`.
const TIMEOUT_TEXT =
  'TimeoutError: Task timed out after 30.00 seconds\n     at new TimeoutError (/work/project/node_modules/lambda-local/build/lib/utils.js:119:28)\n    at Context.<anonymous> (/work/project/node_modules/lambda-local/build/lib/context.js:113:19)\n    at listOnTimeout (node:internal/timers:581:17)'
const TIMEOUT_PAGE =
  '<!doctype html><html lang="en"><head><title>Invocation failed</title></head><body><pre>TimeoutError: Task timed out after 30.00 seconds\n at new TimeoutError (/work/project/node_modules/lambda-local/build/lib/utils.js:119:28)</pre></body></html>'

/** An upstream that, like netlify-cli, closes its connection after every answer and brands its function answers. */
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

  it("keeps the browser's connection open although the upstream closes its own", async () => {
    const first = await fetchVia(agent, `${proxy.url}/`)
    const second = await fetchVia(agent, `${proxy.url}/hero.webp`)
    expect(first.answer.headers.connection).toBe('keep-alive')
    expect(second.socketPort).toBe(first.socketPort)
  })

  it("drops the local runtime's banner and invocation details, and keeps the function's answer", async () => {
    const {answer, body} = await fetchVia(agent, `${proxy.url}/api/refresh`, {})
    expect(answer.statusCode).toBe(401)
    expect(answer.headers['x-powered-by']).toBeUndefined()
    expect(answer.headers['x-nf-invocation-metadata']).toBeUndefined()
    expect(answer.headers['x-nf-start-timestamp']).toBeUndefined()
    expect(answer.headers['x-nf-request-id']).toBe('abc')
    expect(JSON.parse(body.toString('utf8'))).toEqual({ok: false, error: '로그인이 필요합니다.'})
  })

  it('answers a function timeout with a Korean message instead of the stack trace, as JSON or as a page', async () => {
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
  })

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
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Path: ${req.url}\r\n\r\n`,
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
  it('waits for the requests under way, holds new ones back until released, and they then see the change', async () => {
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
  })
})

describe('edge proxy function slots', () => {
  it('passes on at most the set number of function invocations at once, in order, and never holds pages or a visitor who left', async () => {
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
  })
})

import {once} from 'node:events'
import {Agent, createServer, get, type IncomingMessage} from 'node:http'
import type {AddressInfo} from 'node:net'
import {brotliDecompressSync} from 'node:zlib'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {startCompressionProxy} from './compression-proxy.ts'

const PAGE = '<!doctype html><title>단지 안내</title>'.repeat(20)

/** An upstream that, like netlify-cli, closes its connection after every answer. */
function startUpstream() {
  const server = createServer((req, res) => {
    const picture = req.url === '/hero.webp'
    res.writeHead(200, {'content-type': picture ? 'image/webp' : 'text/html; charset=utf-8', connection: 'close'})
    res.end(picture ? Buffer.alloc(64, 7) : PAGE)
  })
  server.listen(0, '127.0.0.1')
  return server
}

function fetchVia(agent: Agent, url: string): Promise<{answer: IncomingMessage; body: Buffer; socketPort: number | undefined}> {
  return new Promise((resolve, reject) => {
    get(url, {agent, headers: {'accept-encoding': 'br, gzip'}}, (answer) => {
      const chunks: Buffer[] = []
      const socketPort = answer.socket.localPort
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => resolve({answer, body: Buffer.concat(chunks), socketPort}))
    }).on('error', reject)
  })
}

describe('compression proxy', () => {
  let upstream: ReturnType<typeof startUpstream>
  let proxy: Awaited<ReturnType<typeof startCompressionProxy>>
  let agent: Agent
  beforeEach(async () => {
    upstream = startUpstream()
    await once(upstream, 'listening')
    proxy = await startCompressionProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`)
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

  it("keeps the browser's connection open although the upstream closes its own", async () => {
    const first = await fetchVia(agent, `${proxy.url}/`)
    const second = await fetchVia(agent, `${proxy.url}/hero.webp`)
    expect(first.answer.headers.connection).toBe('keep-alive')
    expect(second.socketPort).toBe(first.socketPort)
  })
})

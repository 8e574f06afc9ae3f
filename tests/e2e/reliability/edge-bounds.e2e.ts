import {randomUUID} from 'node:crypto'
import {readFileSync} from 'node:fs'
import {request} from 'node:http'
import {expect, inject, it} from 'vitest'
import {EDGE_ONLY_MESSAGE} from '#netlify/functions/_shared/gates/visitor.ts'

const baseUrl = inject('baseUrl')
const internalUrls = inject('internalUrls')

/** Sends a POST whose body is written in `chunks` (never finished when `unfinished`). */
function post(
  url: string,
  headers: Record<string, string>,
  chunks: Buffer[],
  unfinished = false,
): Promise<number> {
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request(
      {host: '127.0.0.1', port: target.port, path: target.pathname, method: 'POST', headers},
      (answer) => {
        answer.resume()
        resolve(answer.statusCode ?? 0)
        req.destroy()
      },
    )
    // A refused upload is cut off while it is still being written: the answer is what counts.
    req.on('error', reject)
    req.flushHeaders()
    for (const chunk of chunks) req.write(chunk)
    if (!unfinished) req.end()
  })
}

const registration = (name: string) =>
  fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: {'content-type': 'application/json', 'idempotency-key': randomUUID()},
    body: JSON.stringify({
      name,
      phone: '010-2345-6789',
      consent: true,
      source: 'popup',
      fillMs: 10_000,
    }),
  })

it('keeps netlify-cli up after a 7 MB chunked body and a half-sent POST', async () => {
  const megabyte = Buffer.alloc(1024 * 1024, 'a')
  const chunked = await post(
    `${baseUrl}/api/register`,
    {'content-type': 'application/json', 'transfer-encoding': 'chunked'},
    Array.from({length: 7}, () => megabyte),
  )
  expect(chunked).toBe(413)
  const halfSent = await post(
    `${baseUrl}/api/register`,
    {'content-type': 'application/json', 'content-length': '100'},
    [Buffer.from('{')],
    true,
  )
  expect(halfSent).toBe(408)
  expect((await fetch(`${baseUrl}/`)).status).toBe(200)
  expect((await fetch(`${internalUrls['netlify-cli']}/`)).status).toBe(200)
  const answer = await registration('경계시험')
  expect(answer.status).toBe(201)
  // netlify-cli's x-nf-fetch-timing names its internal hosts and ports.
  const internal = [...answer.headers.keys()].filter((name) => name.startsWith('x-nf-'))
  expect(internal.filter((name) => name !== 'x-nf-request-id')).toEqual([])
}, 30_000)

/** The local addresses of the sockets listening on `port` (/proc/net/tcp and tcp6). */
function listeningAddresses(port: number): string[] {
  const addresses: string[] = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/)
      const [address, hexPort] = (local ?? '').split(':')
      // State 0A is LISTEN.
      if (state === '0A' && Number.parseInt(hexPort ?? '', 16) === port) addresses.push(address!)
    }
  }
  return addresses
}

// 127.0.0.1 in /proc's byte order, ::1, and 127.0.0.1 mapped into IPv6.
const LOOPBACK = [
  '0100007F',
  '00000000000000000000000001000000',
  '0000000000000000FFFF00000100007F',
]

it('listens on loopback only: the site, the lake, the database and netlify-cli', () => {
  const urls = {
    site: baseUrl,
    lake: inject('lakeUrl'),
    database: inject('databaseUrl'),
    ...internalUrls,
  }
  for (const [name, url] of Object.entries(urls)) {
    const addresses = listeningAddresses(Number(new URL(url).port))
    expect(addresses.length, name).toBeGreaterThan(0)
    expect(
      addresses.filter((address) => !LOOPBACK.includes(address)),
      name,
    ).toEqual([])
  }
})

it(
  "refuses calls to netlify-cli's own ports: " + 'the functions answer only through the proxy',
  async () => {
    for (const name of ['netlify-cli', 'netlify-cli functions']) {
      const answer = await fetch(`${internalUrls[name]}/api/admin/login`, {
        method: 'POST',
        headers: {'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7'},
        body: JSON.stringify({email: `probe-${randomUUID()}@example.com`, password: 'wrong'}),
      })
      expect(answer.status, name).toBe(403)
      expect(((await answer.json()) as {error: string}).error, name).toBe(EDGE_ONLY_MESSAGE)
    }
    // The same call through the proxy reaches the function.
    const answer = await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({email: `probe-${randomUUID()}@example.com`, password: 'wrong'}),
    })
    await answer.body?.cancel()
    expect(answer.status).toBe(401)
  },
)

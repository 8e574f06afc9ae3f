import {join} from 'node:path'
import {type Header, parseAllHeaders} from '@netlify/headers-parser'
import {expect, inject, it} from 'vitest'
import {BUILD_DIR, builtPages, readBuilt} from '../built-site.ts'
import {inlineScriptHashes, pathsOfPage} from '#src/build-steps/security-headers.ts'

const baseUrl = inject('baseUrl')
const lakeUrl = inject('lakeUrl')

/** Whether any video of the content is on YouTube, read from the Content Lake as the build did. */
async function youtubeInContent(): Promise<boolean> {
  const query = new URLSearchParams({
    query: 'count(*[_type in ["guideVideo", "page"] && video.kind == "youtube"])',
  })
  const {result} = (await (
    await fetch(`${lakeUrl}/v2025-02-19/data/query/production?${query}`)
  ).json()) as {result: number}
  return result > 0
}

const isTourPage = (address: string) => address.startsWith('/tour/')

function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

it('every page is served with its own strict policy and the security headers', async () => {
  // Only the site's own tours are framed, and YouTube only while a video is there.
  const allowedFrames = new Set([
    "'self'",
    ...((await youtubeInContent()) ? ['https://www.youtube-nocookie.com'] : []),
  ])
  const pages = builtPages().filter((page) => page !== '404.html')
  expect(pages.length).toBeGreaterThan(20)
  for (const page of pages) {
    const address = pathsOfPage(page)[0]!
    const response = await fetch(`${baseUrl}${address}`)
    const html = await response.text()
    expect(response.status, address).toBe(200)
    const header = directivesOf(response.headers.get('content-security-policy') ?? '')
    const meta = directivesOf(
      /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '',
    )
    // Both policies are enforced: the page's scripts are held by whichever names them.
    const policy = new Map([...meta, ...header])
    const scripts = header.get('script-src') ?? meta.get('script-src') ?? []
    expect(scripts, address).toContain("'self'")
    for (const source of [...(header.get('script-src') ?? []), ...(meta.get('script-src') ?? [])]) {
      expect(source, address).not.toMatch(/unsafe-inline|unsafe-eval|^\*$/)
    }
    // Every inline script of the page, as served, is allowed by its hash.
    for (const hash of inlineScriptHashes(html)) expect(scripts, address).toContain(hash)
    expect(policy.get('object-src'), address).toEqual(["'none'"])
    expect(policy.get('base-uri'), address).toEqual(["'self'"])
    // Nobody frames a page; the site's own pages frame its tours. A page served through a
    // rewrite (a press post's SPA fallback) has no rule of its own: X-Frame-Options holds it.
    const framing = header.get('frame-ancestors')
    if (framing || isTourPage(address))
      expect(framing, address).toEqual([isTourPage(address) ? "'self'" : "'none'"])
    else expect(response.headers.get('x-frame-options'), address).toBe('DENY')
    expect(policy.get('img-src')?.includes('blob:'), address).toBe(isTourPage(address))
    for (const source of policy.get('frame-src') ?? [])
      expect(allowedFrames.has(source), `${address} frame-src ${source}`).toBe(true)
    expect(policy.get('media-src'), address).toContain(lakeUrl)
    expect(policy.get('connect-src'), address).toContain(lakeUrl)
    expect(response.headers.get('strict-transport-security'), address).toMatch(/max-age=\d{7,}/)
    expect(response.headers.get('x-content-type-options'), address).toBe('nosniff')
    expect(response.headers.get('referrer-policy'), address).toBe('strict-origin-when-cross-origin')
    // Only the staff workspace may use the camera, to scan visitors' QR codes at the door.
    const features = response.headers.get('permissions-policy') ?? ''
    expect(features, address).toContain(address === '/admin/leads' ? 'camera=(self)' : 'camera=()')
    expect(features, address).toContain('microphone=()')
  }
}, 120_000)

it('hashed assets are cached immutably, pages are not', async () => {
  // netlify-cli's local static server overwrites Cache-Control on every file, so the
  // rules are checked as Netlify reads them: netlify.toml plus the generated _headers.
  const {headers, errors} = await parseAllHeaders({
    headersFiles: [join(BUILD_DIR, '_headers')],
    netlifyConfigPath: join(import.meta.dirname, '../../../netlify.toml'),
    minimal: false,
    configHeaders: [],
  })
  expect(errors).toEqual([])
  const cacheFor = (address: string) =>
    (headers as Header[])
      .filter((rule) => rule.forRegExp.test(address))
      .map((rule) => rule.values['Cache-Control'])
      .filter(Boolean)
  const asset = /\s(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(readBuilt('index.html'))?.[1]
  expect(asset).toBeTruthy()
  expect(cacheFor(asset!)).toEqual(['public, max-age=31536000, immutable'])
  expect(cacheFor('/')).toEqual([])
  expect(cacheFor('/Brand/intro')).toEqual([])
})

it('functions answer with their own security headers and never echo input as HTML', async () => {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({name: '<script>alert(1)</script>', phone: 'x', consent: true}),
  })
  expect(response.status).toBe(400)
  expect(response.headers.get('content-type')).toContain('application/json')
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
  expect(await response.text()).not.toContain('<script>')
})

it(
  'function answers carry nothing of the ' + 'local runtime (its banner, its Node version)',
  async () => {
    const answers = [
      await fetch(`${baseUrl}/api/admin/refresh`, {method: 'POST'}),
      await fetch(`${baseUrl}/api/press`),
      await fetch(`${baseUrl}/api/register`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: '{}',
      }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([401, 405, 400])
    for (const answer of answers) {
      expect(answer.headers.get('x-powered-by'), answer.url).toBeNull()
      expect(answer.headers.get('x-nf-invocation-metadata'), answer.url).toBeNull()
    }
  },
)

it('the session endpoints refuse a page of another site with a 403 in Korean', async () => {
  for (const path of ['/api/admin/refresh', '/api/admin/logout']) {
    const answer = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {origin: 'https://evil.example', 'sec-fetch-site': 'cross-site'},
    })
    expect(answer.status, path).toBe(403)
    expect(await answer.json()).toEqual({
      ok: false,
      error: '다른 사이트에서 보낸 요청은 처리할 수 없습니다. 이 사이트에서 다시 시도해 주세요.',
    })
    expect(answer.headers.get('set-cookie'), path).toBeNull()
  }
  const own = await fetch(`${baseUrl}/api/admin/logout`, {
    method: 'POST',
    headers: {origin: new URL(baseUrl).origin, 'sec-fetch-site': 'same-origin'},
  })
  expect(own.status).toBe(200)
})

it("the Content Lake's answers are not sniffed, and its images never run a script", async () => {
  const query = await fetch(
    `${lakeUrl}/v2025-02-19/data/query/production?query=` +
      `${encodeURIComponent('*[_type == "sanity.imageAsset" && extension == "svg"][0].url')}`,
  )
  expect(query.headers.get('x-content-type-options')).toBe('nosniff')
  const {result: svgUrl} = (await query.json()) as {result: string}
  const image = await fetch(svgUrl)
  expect(image.status).toBe(200)
  expect(image.headers.get('content-type')).toBe('image/svg+xml')
  expect(image.headers.get('content-security-policy')).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  )
  expect(image.headers.get('x-content-type-options')).toBe('nosniff')
})

import {createHash} from 'node:crypto'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {stegaClean} from '@sanity/client/stega'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {startTestLake, TEST_PROJECT_ID, TEST_TOKEN, type TestLake} from '#lake/test-lake.ts'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {signPreviewCredential} from '../_shared/preview/credential.ts'

const STUDIO = 'http://localhost:3333'
const SECRET = 'studio-preview-secret-value'
const BUILT_POLICY =
  "default-src 'self'; script-src 'self' 'sha256-pageScript='; " +
  "style-src 'self' 'unsafe-inline'; object-src 'none'"
const PAGE =
  '<!DOCTYPE html><html lang="ko"><head><meta http-equiv="Content-Security-Policy" content="' +
  `${BUILT_POLICY}"><title>단지 안내</title></head><body><h1>공개 페이지</h1></body></html>`

// The site's generated pages as netlify-cli serves them: the function reads the page it previews.
let site: Server
let siteOrigin: string
let lake: TestLake
let enable: (req: Request) => Promise<Response>
let previewData: (req: Request) => Promise<Response>

function environment() {
  vi.stubEnv('SANITY_API_HOST', lake.lake.url)
  vi.stubEnv('SANITY_PROJECT_ID', TEST_PROJECT_ID)
  vi.stubEnv('SANITY_DATASET', 'production')
  vi.stubEnv('SANITY_WRITE_TOKEN', TEST_TOKEN)
  vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
  vi.stubEnv('SITE_URL', siteOrigin)
}

beforeAll(async () => {
  site = createServer((req, res) => {
    const known = req.url === '/Brand/intro' || req.url === '/__spa-fallback.html'
    res
      .writeHead(known ? 200 : 404, {'Content-Type': 'text/html; charset=utf-8'})
      .end(known ? PAGE.replace('공개 페이지', req.url ?? '') : 'Not Found')
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  lake = await startTestLake({contentDir: 'content', dataset: 'production'})
  // What the Studio's Presentation tool stores before it opens the preview.
  await lake.client.createOrReplace({
    _id: 'drafts.preview-secret-1',
    _type: 'sanity.previewUrlSecret',
    secret: SECRET,
    studioUrl: STUDIO,
    source: 'presentation',
  })
  await lake.client.createOrReplace({
    ...(await lake.client.getDocument('homePage')),
    _id: 'drafts.homePage',
    hero: {title: '초안 큰 제목'},
  } as never)
  // The site's client reads its configuration when first imported.
  environment()
  enable = (await import('../preview-enable.mts')).default
  previewData = (await import('../preview-data.mts')).default
}, 120_000)
afterAll(async () => {
  site.close()
  await lake.stop()
})
beforeEach(() => {
  environment()
  return () => vi.unstubAllEnvs()
})

const open = (search: string) => enable(new Request(`${siteOrigin}/api/preview/enable?${search}`))

describe('GET /api/preview/enable', () => {
  it(
    'answers the page asked for in preview mode, ' + 'framed by the Studio that opened it only',
    async () => {
      const res = await open(
        `sanity-preview-secret=${SECRET}` +
          '&sanity-preview-perspective=drafts&sanity-preview-pathname=%2FBrand%2Fintro',
      )
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain('<h1>/Brand/intro</h1>')
      const script = /<head><script>(.*?)<\/script>/.exec(html)?.[1] ?? ''
      expect(script).toContain('window.__sitePreview=')
      expect(script).toContain(
        'history.replaceState(history.state,"","/Brand/intro?sanity-preview-perspective=drafts")',
      )
      const policy = res.headers.get('content-security-policy') ?? ''
      const hash = createHash('sha256').update(script).digest('base64')
      expect(policy).toContain(`script-src 'self' 'sha256-pageScript=' 'sha256-${hash}'`)
      expect(policy).toContain(`frame-ancestors ${STUDIO}`)
      expect(policy).not.toContain("'unsafe-inline' 'sha")
      // The copy in the page would forbid the first script: only the header's policy is left.
      expect(html).not.toContain('http-equiv="Content-Security-Policy"')
      expect(res.headers.get('x-frame-options')).toBeNull()
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('cache-control')).toBe('no-store')
    },
  )

  it(
    'previews an address the build did not generate ' +
      'with the SPA fallback, and never leads off the site',
    async () => {
      const later = await open(
        `sanity-preview-secret=${SECRET}&sanity-preview-pathname=%2Fsite%2Fpress%2Fnew-post`,
      )
      expect(await later.text()).toContain('<h1>/__spa-fallback.html</h1>')
      const away = await open(
        `sanity-preview-secret=${SECRET}&sanity-preview-pathname=` +
          `${encodeURIComponent('//evil.example/x')}`,
      )
      const awayHtml = await away.text()
      expect(awayHtml).toContain('history.replaceState(history.state,"","/x")')
      expect(awayHtml).not.toContain('evil.example')
    },
  )

  it('refuses a wrong or missing secret with a Korean page and no credential', async () => {
    for (const search of [
      'sanity-preview-secret=guessed',
      '',
      `sanity-preview-secret=${SECRET.slice(0, -1)}`,
    ]) {
      const res = await open(search)
      expect(res.status, search).toBe(401)
      const html = await res.text()
      expect(html).toContain('미리보기 링크가 올바르지 않거나 만료되었습니다')
      expect(html).not.toContain('__sitePreview')
    }
  })
})

function askFor(body: unknown, credential?: string): Promise<Response> {
  return previewData(
    new Request(`${siteOrigin}/api/preview/data`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(credential ? {Authorization: `Bearer ${credential}`} : {}),
      },
      body: JSON.stringify(body),
    }),
  )
}

describe('POST /api/preview/data', () => {
  it(
    "answers a route's data over drafts, its " + 'texts marked with the field they come from',
    async () => {
      const {credential} = await signPreviewCredential(STUDIO)
      const res = await askFor({route: 'home', path: '/'}, credential)
      expect(res.status).toBe(200)
      const data = (await res.json()) as {home: {hero: {title: string}}}
      expect(data.home.hero.title).not.toBe('초안 큰 제목')
      expect(stegaClean(data.home.hero.title)).toBe('초안 큰 제목')
    },
  )

  it('answers a content page by its address, and 404 for an address with no page', async () => {
    const {credential} = await signPreviewCredential(STUDIO)
    const page = await askFor({route: 'contentPage', path: '/Brand/intro'}, credential)
    expect(page.status).toBe(200)
    expect(stegaClean(((await page.json()) as {path: string}).path)).toBe('/Brand/intro')
    expect((await askFor({route: 'contentPage', path: '/No/such'}, credential)).status).toBe(404)
  })

  it(
    'refuses a missing, forged or expired ' + 'credential, and a request it does not know',
    async () => {
      const expired = await signPreviewCredential(STUDIO, new Date(Date.now() - 2 * 60 * 60 * 1000))
      for (const credential of [undefined, 'forged.credential.value', expired.credential]) {
        const res = await askFor({route: 'home', path: '/'}, credential)
        expect(res.status).toBe(401)
        expect(JSON.stringify(await res.json())).not.toContain('초안')
      }
      const {credential} = await signPreviewCredential(STUDIO)
      for (const body of [
        {route: 'admin', path: '/'},
        {route: 'home', path: 'https://evil.example/'},
        {route: 'home'},
      ]) {
        expect((await askFor(body, credential)).status, JSON.stringify(body)).toBe(400)
      }
    },
  )
})

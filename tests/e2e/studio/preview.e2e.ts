import {readdirSync, readFileSync, realpathSync} from 'node:fs'
import {join} from 'node:path'
import {createClient} from '@sanity/client'
import type {Frame} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {serveStaticSite} from '../../helpers/static-site.ts'
import {browserForFile, openPage, type TestPage} from '../browser.ts'
import {studioAddresses} from '../studio-build.ts'

// The Studio, served against this run's lake and site where the lake trusts it.
const baseUrl = inject('baseUrl')
const lakeUrl = inject('lakeUrl')
const studioUrl = inject('studioUrl')
const clientDir = inject('clientDir')
const writer = createClient({
  projectId: 'lakeside',
  dataset: 'production',
  apiHost: lakeUrl,
  useProjectHostname: false,
  useCdn: false,
  apiVersion: '2025-02-19',
  token: inject('writeToken'),
})

const browser = browserForFile()
let studio: Awaited<ReturnType<typeof serveStaticSite>>
let originalTitle: string

/** The site's home page as a visitor's browser first gets it. */
const homeHtml = () => fetch(`${baseUrl}/`).then((answer) => answer.text())

/** The folder the site is served from: it changes when a rebuild is swapped in. */
const servedBuild = () => realpathSync(clientDir)

beforeAll(async () => {
  studio = await serveStaticSite(
    inject('studioBuildDir'),
    Number(new URL(studioUrl).port),
    studioAddresses(lakeUrl, baseUrl),
  )
  originalTitle = (await writer.fetch<string>('*[_id == "homePage"][0].hero.title')) ?? ''
}, 6 * 60_000)

afterAll(async () => {
  await studio?.close()
  // Leave the home page as the other tests found it, served again before they run.
  if (originalTitle && (await writer.getDocument('homePage'))?.hero?.title !== originalTitle) {
    await writer.patch('homePage').set({'hero.title': originalTitle}).commit()
    const deadline = Date.now() + 180_000
    while (!(await homeHtml()).includes(originalTitle) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}, 4 * 60_000)

async function signedInStudio(): Promise<TestPage> {
  const page = await openPage(browser(), 'desktop')
  await page.goto(studioUrl)
  await page.getByText('로컬 관리자 계정').click()
  await page.getByLabel('이메일').fill(inject('adminEmail'))
  await page.getByLabel('비밀번호').fill(inject('adminPassword'))
  await page.getByRole('button', {name: '로그인'}).click()
  await page.getByText('사이트 기본 설정', {exact: true}).first().waitFor()
  return page
}

/** The site inside the Presentation tool's frame, once it is there. */
async function previewFrame(page: TestPage): Promise<Frame> {
  await expect
    .poll(() => page.frames().some((frame) => frame.url().startsWith(baseUrl)), {timeout: 30_000})
    .toBe(true)
  return page.frames().find((frame) => frame.url().startsWith(baseUrl)) as Frame
}

const heroHeading = (frame: Pick<Frame, 'locator'>) => frame.locator('main h1').first()

describe('an editor in the Studio', () => {
  it(
    'sees a draft of the home headline in the preview as ' +
      'they type, publishes it, and finds it on the running site',
    async () => {
      const page = await signedInStudio()
      await page.getByRole('link', {name: '미리보기'}).first().click()
      const frame = await previewFrame(page)
      await expect
        .poll(() => heroHeading(frame).innerText(), {timeout: 30_000})
        .toContain(originalTitle)

      const draft = `초안 제목 ${Date.now()}`
      const headline = page.getByLabel('큰 제목')
      // The form opens read-only until the Studio holds the document and its references: about
      // 14 s on two quiet cores, over 20 s beside a site build.
      await expect.poll(() => headline.isEditable(), {timeout: 60_000}).toBe(true)
      await headline.fill(draft)
      // In the frame as a draft, with each text a link to its field (stega marks, the overlay).
      await expect.poll(() => heroHeading(frame).innerText(), {timeout: 30_000}).toContain(draft)
      expect((await heroHeading(frame).innerText()).length).toBeGreaterThan(draft.length)
      await heroHeading(frame).hover()
      await expect
        .poll(() => frame.locator('[data-sanity-overlay-element], sanity-visual-editing').count(), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0)
      await expect(frame.getByRole('status').innerText()).resolves.toContain('미리보기')
      // Not on the public site while it is a draft.
      expect(await homeHtml()).not.toContain(draft)

      const before = servedBuild()
      await page.getByRole('button', {name: '게시', exact: true}).click()
      const published = Date.now()
      await expect
        .poll(async () => (await writer.getDocument('homePage'))?.hero?.title, {timeout: 20_000})
        .toBe(draft)
      // The running site, with no restart: a rebuild swapped in within the target.
      await expect.poll(homeHtml, {timeout: 45_000, interval: 500}).toContain(draft)
      console.log(
        'published headline on the site ' +
          `${((Date.now() - published) / 1000).toFixed(1)} s after 게시`,
      )
      expect(servedBuild()).not.toBe(before)

      const visitor = await openPage(browser(), 'desktop')
      await visitor.goto(baseUrl)
      // The public page has the plain text: no stega marks, no preview badge.
      await expect(heroHeading(visitor).innerText()).resolves.toBe(draft)
      await expect(visitor.getByRole('status').count()).resolves.toBe(0)
      await visitor.close()
      await page.close()
    },
    180_000,
  )
})

describe('a draft', () => {
  const marker = `비공개초안${Date.now()}`

  afterAll(async () => {
    await writer.delete('drafts.homePage').catch(() => undefined)
  })

  it(
    'never reaches a public page, the public ' + 'build or a reader without a preview credential',
    async () => {
      const home = await writer.getDocument('homePage')
      if (!home) throw new Error('no homePage')
      const {_rev: _ignored, ...published} = home
      await writer.createOrReplace({
        ...published,
        _id: 'drafts.homePage',
        hero: {...home.hero, title: marker, subtitle: marker},
      })

      // A published change rebuilds the site while the draft is in the dataset: the home
      // headline back to the one the other tests know (one rebuild for both).
      const before = servedBuild()
      await writer.patch('homePage').set({'hero.title': originalTitle}).commit()
      await expect.poll(servedBuild, {timeout: 120_000, interval: 1000}).not.toBe(before)
      // A build still running from an earlier change may be the one swapped in: this one has
      // the headline, so it started after the draft was there.
      await expect.poll(homeHtml, {timeout: 120_000, interval: 1000}).toContain(originalTitle)

      const built = servedBuild()
      const leaks = readdirSync(built, {recursive: true, withFileTypes: true})
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
        .filter((file) => readFileSync(file).includes(marker))
      expect(leaks).toEqual([])
      expect(await homeHtml()).not.toContain(marker)

      const visitor = await openPage(browser(), 'desktop')
      const requests: string[] = []
      visitor.on('request', (request) => requests.push(request.url()))
      await visitor.goto(baseUrl)
      // The first input starts the page's scripts; the page then runs as a visitor's does.
      await visitor.mouse.move(10, 10)
      await visitor.waitForLoadState('networkidle')
      await expect(heroHeading(visitor).innerText()).resolves.not.toContain(marker)
      expect(
        await visitor.evaluate(() => 'window.__sitePreview' in window || '__sitePreview' in window),
      ).toBe(false)
      expect(requests.filter((url) => /preview|visual-editing/i.test(url))).toEqual([])
      await visitor.close()

      // Preview mode's doors stay shut without the Studio's secret.
      const enable = await fetch(
        `${baseUrl}/api/preview/enable?sanity-preview-secret=guessed&sanity-preview-pathname=/`,
      )
      expect(enable.status).toBe(401)
      expect(await enable.text()).not.toContain(marker)
      for (const authorization of [undefined, 'Bearer forged.credential.value']) {
        const data = await fetch(`${baseUrl}/api/preview/data`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(authorization ? {Authorization: authorization} : {}),
          },
          body: JSON.stringify({route: 'home', path: '/'}),
        })
        expect(data.status).toBe(401)
        expect(await data.text()).not.toContain(marker)
      }
    },
    180_000,
  )
})

describe('the site opened at 127.0.0.1', () => {
  it(
    'reads the Content Lake from the browser as at ' +
      'localhost, while another origin gets nothing',
    async () => {
      const loopback = baseUrl.replace('localhost', '127.0.0.1')
      const page = await openPage(browser(), 'desktop')
      await page.goto(loopback)
      const read = (url: string) =>
        page.evaluate(async (address) => {
          try {
            const answer = await fetch(address)
            return {status: answer.status, body: await answer.text()}
          } catch (error) {
            return {status: 0, body: String(error)}
          }
        }, url)
      const query =
        `${lakeUrl}/v2025-02-19/data/query/production?query=` +
        `${encodeURIComponent('*[_id == "siteSettings"][0].complexName')}`
      const answer = await read(query)
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body).result).toBeTruthy()

      await page.goto('about:blank')
      await page.setContent('<p>다른 출처</p>')
      const refused = await read(query)
      expect(refused.status).toBe(0)
      expect(refused.body).toContain('TypeError')
      await page.close()
    },
  )
})

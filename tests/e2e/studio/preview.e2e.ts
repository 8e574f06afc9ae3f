import type {Frame} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {serveStaticSite} from '#tests/helpers/static-site.ts'
import {openPage, type TestPage} from '../browser.ts'
import {studioAddresses} from '../studio-build.ts'
import {lakeWriter as writer} from '../lake-writer.ts'
import {heroHeading, homeHtml, publishedTitle, servedBuild} from './site-content.ts'
import {signInOnPage} from '../staff-token.ts'

// The Studio, served against this run's lake and site where the lake trusts it.
const baseUrl = inject('baseUrl')
const lakeUrl = inject('lakeUrl')
const studioUrl = inject('studioUrl')

let studio: Awaited<ReturnType<typeof serveStaticSite>>
let originalTitle: string

beforeAll(async () => {
  studio = await serveStaticSite(
    inject('studioBuildDir'),
    Number(new URL(studioUrl).port),
    studioAddresses(lakeUrl, baseUrl),
  )
  originalTitle = await publishedTitle()
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
  const page = await openPage('desktop')
  await page.goto(studioUrl)
  await page.getByText('로컬 관리자 계정').click()
  await signInOnPage(page)
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

      const visitor = await openPage('desktop')
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

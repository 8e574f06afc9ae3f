import {beforeAll, describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage, type ViewportName} from '../browser.ts'

const baseUrl = inject('baseUrl')
const lakeUrl = inject('lakeUrl')

interface SiteFacts {
  name: string
  phone: string
  registrationName: string
  logo: string
  logoWhite: string
  company: {
    developer: string
    builder: string
    ceo: string
    businessNumber: string
    address: string
  }
}

/** What the seed gives a site, read from the lake as an editor wrote it. */
async function siteFacts(id: string): Promise<SiteFacts> {
  const query =
    `*[_id == "${id}"][0]{name, phone, registrationName, "logo": ` +
    'logo.asset._ref, "logoWhite": logoWhite.asset._ref, company}'
  const answer = await fetch(
    `${lakeUrl}/v2025-02-19/data/query/production?query=${encodeURIComponent(query)}`,
  )
  return ((await answer.json()) as {result: SiteFacts}).result
}

/** The part of an image asset id that names its file: image-<hash>-240x64-svg → <hash>-240x64. */
const assetFile = (ref: string) => ref.replace(/^image-/, '').replace(/-svg$/, '')

let riverpark: SiteFacts
let lakepark: SiteFacts
beforeAll(async () => {
  ;[riverpark, lakepark] = await Promise.all([
    siteFacts('site-yangsan-riverpark'),
    siteFacts('site-ulsan-lakepark'),
  ])
})

async function open(viewport: ViewportName, path: string): Promise<TestPage> {
  const page = await openPage(viewport)
  await page.goto(`${baseUrl}${path}`)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
  return page
}

const jsonLd = (page: TestPage) =>
  page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>),
    )

/**
 * The brand a page wears in its header, footer and head, as a visitor and a search engine see it.
 */
async function expectBrand(
  page: TestPage,
  viewport: ViewportName,
  site: SiteFacts,
  other: SiteFacts,
) {
  const logo = page.locator('header .logo')
  expect(await logo.getAttribute('aria-label')).toBe(`${site.name} 홈`)
  expect(await logo.locator('img').getAttribute('src')).toContain(assetFile(site.logo))
  await expect
    .poll(() =>
      logo
        .locator('img')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true)

  const footer = page.locator('.site-footer')
  expect(await footer.locator('.footer-name img').getAttribute('src')).toContain(
    assetFile(site.logoWhite),
  )
  const footerText = await footer.innerText()
  for (const line of [
    site.company.developer,
    site.company.builder,
    site.company.address,
    site.company.businessNumber,
    site.phone,
  ]) {
    expect(footerText).toContain(line)
  }
  // Not one line of the other site's company beside this one's.
  for (const line of [
    other.company.developer,
    other.company.ceo,
    other.company.businessNumber,
    other.company.address,
    other.phone,
  ]) {
    expect(footerText).not.toContain(line)
  }
  expect(await footer.locator('.footer-cta').innerText()).toBe(site.registrationName)

  // Every telephone link of the frame calls this site's number.
  const digits = site.phone.replaceAll('-', '')
  const telephones = await page
    .locator('header a[href^="tel:"], .site-footer a[href^="tel:"], .mobile-bar a[href^="tel:"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(telephones.length).toBeGreaterThan(0)
  expect(new Set(telephones)).toEqual(new Set([`tel:${digits}`]))
  if (viewport === 'narrow') {
    expect(await page.locator('.mobile-bar a[href^="tel:"]').isVisible()).toBe(true)
    expect(await page.locator('.mobile-bar-reserve').innerText()).toBe(site.registrationName)
  }

  expect(await page.title()).toMatch(new RegExp(` \\| ${site.name}$`))
  expect(await page.locator('meta[property="og:site_name"]').getAttribute('content')).toBe(
    site.name,
  )
  const blocks = await jsonLd(page)
  const organization = blocks.find((block) => block['@type'] === 'Organization')
  expect(organization).toMatchObject({
    name: site.company.developer,
    contactPoint: {telephone: site.phone},
    address: {streetAddress: site.company.address},
  })
  expect(String(organization?.logo)).toContain(assetFile(site.logo))
  expect(blocks.find((block) => block['@type'] === 'WebSite')).toMatchObject({
    name: site.name,
    publisher: {'@id': organization?.['@id']},
  })
  expect(JSON.stringify(blocks)).not.toContain(other.company.developer)
}

describe.each(['desktop', 'narrow'] as ViewportName[])(
  'each site wears its own brand on %s',
  (viewport) => {
    it(
      "the second site's customer page: its logo, footer, " +
        'phone and head; the heading and the form say the same',
      async () => {
        const page = await open(viewport, '/yangsan-riverpark/customer')
        await expectBrand(page, viewport, riverpark, lakepark)
        expect(riverpark.registrationName).toBe('관심고객 등록')
        expect(await page.locator('main h1').innerText()).toContain(riverpark.registrationName)
        expect(await page.locator('.customer-form h2').innerText()).toBe(riverpark.registrationName)
        expect(await page.title()).toBe(`${riverpark.registrationName} | ${riverpark.name}`)
        expect(page.consoleErrors).toEqual([])
        await page.context().close()
      },
    )

    it("the second site's press list and a post of it", async () => {
      const page = await open(viewport, '/yangsan-riverpark/press')
      await expectBrand(page, viewport, riverpark, lakepark)
      expect(await page.title()).toBe(`보도자료 | ${riverpark.name}`)

      await page.goto(
        `${baseUrl}` +
          `${await page
            .locator('main ' + 'a[href^="/yangsan-riverpark/press/"]')
            .first()
            .getAttribute('href')}`,
      )
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
      await expectBrand(page, viewport, riverpark, lakepark)
      const article = (await jsonLd(page)).find((block) => block['@type'] === 'NewsArticle')
      expect(article).toMatchObject({publisher: {name: riverpark.company.developer}})
      expect(String((article?.publisher as {logo?: string}).logo)).toContain(
        assetFile(riverpark.logo),
      )
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    })

    it(
      'the default site keeps its own brand, also after ' +
        "leaving the second site's pages in the browser",
      async () => {
        const page = await open(viewport, '/ulsan-lakepark/customer')
        await expectBrand(page, viewport, lakepark, riverpark)
        expect(await page.locator('main h1').innerText()).toContain(lakepark.registrationName)
        expect(await page.locator('.customer-form h2').innerText()).toBe(lakepark.registrationName)

        await page.goto(`${baseUrl}/yangsan-riverpark/press`)
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
        await page.locator('.site-footer').getByRole('link', {name: '개인정보처리방침'}).click()
        await page.waitForURL(`${baseUrl}/privacy`)
        await expect
          .poll(() => page.locator('header .logo').getAttribute('aria-label'))
          .toBe(`${lakepark.name} 홈`)
        const footerText = await page.locator('.site-footer').innerText()
        expect(footerText).toContain(lakepark.company.developer)
        expect(footerText).not.toContain(riverpark.company.developer)
        expect(page.consoleErrors).toEqual([])
        await page.context().close()
      },
    )
  },
)

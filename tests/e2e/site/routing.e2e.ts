import {beforeAll, describe, expect, inject, it} from 'vitest'
import {openPage} from '../browser.ts'

const baseUrl = inject('baseUrl')
const lakeUrl = inject('lakeUrl')

let defaultSite: string
beforeAll(async () => {
  const query = encodeURIComponent('*[_id == "siteSettings"][0].defaultSite->slug.current')
  const response = await fetch(`${lakeUrl}/v2025-02-19/data/query/production?query=${query}`)
  defaultSite = ((await response.json()) as {result: string}).result
})

describe('addresses', () => {
  it(
    'hydrates every page with React: its DOM ' + "carries React's own markers, with no error",
    async () => {
      const page = await openPage('desktop')
      for (const path of ['/', '/Brand/intro', `/${defaultSite}/press`]) {
        await page.goto(`${baseUrl}${path}`)
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
        const markers = await page.evaluate(() => ({
          root: Object.keys(document).some((key) => key.startsWith('__reactContainer$')),
          main: Object.keys(document.querySelector('main')!).some((key) =>
            key.startsWith('__reactFiber$'),
          ),
        }))
        expect(markers, path).toEqual({root: true, main: true})
      }
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )

  it('answers an unknown path with 404 and a noindex Not Found page linking home', async () => {
    const response = await fetch(`${baseUrl}/no/such/page`)
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('<h1>Not Found</h1>')
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')

    const page = await openPage('desktop')
    const visit = await page.goto(`${baseUrl}/no/such/page`)
    expect(visit?.status()).toBe(404)
    expect(await page.getByRole('heading', {level: 1}).textContent()).toBe('Not Found')
    await page.getByRole('link', {name: '홈으로 가기'}).click()
    await page.waitForURL(`${baseUrl}/`)
    await page.context().close()
  })

  it.each([
    ['/Promotion/Press', () => `/${defaultSite}/press`],
    ['/Promotion/Customer', () => `/${defaultSite}/customer`],
    ['/LocationEnvironment/premium', () => '/LocationEnvironment/primium'],
  ])('redirects %s permanently on the server', async (from, to) => {
    const response = await fetch(`${baseUrl}${from}`, {redirect: 'manual'})
    expect(response.status).toBe(301)
    expect(new URL(response.headers.get('location') ?? '', baseUrl).pathname).toBe(to())
  })

  it('replaces the history entry when client navigation reaches an old address', async () => {
    const page = await openPage('desktop')
    await page.goto(`${baseUrl}/Brand/intro`)
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    const before = await page.evaluate(() => history.length)
    // A client-side navigation, as a link inside the app makes it.
    await page.evaluate(() => {
      history.pushState(null, '', '/Promotion/Press')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.waitForURL(`${baseUrl}/${defaultSite}/press`)
    expect(await page.evaluate(() => history.length)).toBe(before + 1)
    await page.goBack()
    await page.waitForURL(`${baseUrl}/Brand/intro`)
    await page.context().close()
  })

  it(
    "links the menu's promotion entry straight to the default " +
      "site's customer page, named as that page names itself",
    async () => {
      const page = await openPage('desktop')
      await page.goto(`${baseUrl}/Brand/intro`)
      const link = page
        .locator('.gnb')
        .getByRole('link', {name: '방문예약 등록', includeHidden: true})
      expect(await link.getAttribute('href')).toBe(`/${defaultSite}/customer`)
      // The number in the header calls it; the banner beside it opens the reservation.
      expect(await page.locator('.site-header .phone-button').getAttribute('href')).toMatch(
        /^tel:\d+$/,
      )
      await page.goto(`${baseUrl}/${defaultSite}/customer`)
      expect(await page.locator('.customer-form h2').innerText()).toBe('방문예약 등록')
      expect(await page.title()).toContain('방문예약 등록')
      await page.context().close()
    },
  )

  it('shows the two-entry menu on the press and customer pages', async () => {
    const page = await openPage('desktop')
    await page.goto(`${baseUrl}/${defaultSite}/press`)
    const links = page.locator('.site-menu a')
    expect(await links.count()).toBe(2)
    expect(
      await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href'))),
    ).toEqual([`/${defaultSite}/press`, `/${defaultSite}/customer`])
    expect(await page.locator('.gnb').count()).toBe(0)
    await page.context().close()
  })

  it('serves the sitemap, robots.txt and RSS feed', async () => {
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`)
    expect(sitemap.status).toBe(200)
    expect(await sitemap.text()).toContain(`<loc>${baseUrl}/Brand/intro</loc>`)
    expect(await (await fetch(`${baseUrl}/robots.txt`)).text()).toContain(
      `Sitemap: ${baseUrl}/sitemap.xml`,
    )
    expect(await (await fetch(`${baseUrl}/rss.xml`)).text()).toContain('<rss version="2.0"')
  })
})

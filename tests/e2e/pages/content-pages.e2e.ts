import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage, type ViewportName} from '../browser.ts'
import {CONTENT_ROUTES} from './content-routes.ts'

const baseUrl = inject('baseUrl')

/** Errors of the page itself; the offline test machine cannot reach the video and tour hosts. */
const ownErrors = (page: TestPage) =>
  page.consoleErrors.filter(
    (text) => !/Failed to load resource|ERR_NAME_NOT_RESOLVED|ERR_CONNECTION/.test(text),
  )

describe.each(['desktop', 'narrow'] as ViewportName[])('every content page on %s', (viewport) => {
  let page: TestPage
  beforeAll(async () => {
    page = await openPage(viewport)
  })
  afterAll(async () => {
    await page?.context().close()
  })

  it.each(CONTENT_ROUTES.map((route) => [route.path, route] as const))(
    '%s',
    async (path, route) => {
      page.consoleErrors.length = 0
      const response = await page.goto(`${baseUrl}${path}`)
      expect(response?.status()).toBe(200)
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
      expect(new URL(page.url()).pathname).toBe(path)
      expect((await page.getByRole('heading', {level: 1}).textContent())?.trim()).toBeTruthy()

      const subNav = page.getByRole('navigation', {name: '하위 메뉴'})
      expect(await subNav.getByRole('link').allTextContents()).toEqual(route.subNav)
      const current = subNav.locator('a[aria-current="page"]')
      expect(await current.allTextContents()).toEqual(route.current ? [route.current] : [])

      await route.check(page, viewport)
      expect(ownErrors(page)).toEqual([])
    },
  )
})

describe('renamed address', () => {
  it('leads /LocationEnvironment/premium to the premium page', async () => {
    const page = await openPage('narrow')
    await page.goto(`${baseUrl}/LocationEnvironment/premium`)
    expect(new URL(page.url()).pathname).toBe('/LocationEnvironment/primium')
    expect(await page.locator('main .premium-feature').count()).toBe(4)
    await page.context().close()
  })
})

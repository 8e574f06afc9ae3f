import {describe, expect, inject, it} from 'vitest'
import {openPage, VIEWPORTS, type TestPage} from '../browser.ts'
import {focusMatches, focusView, tabUntil} from '../keyboard.ts'

const baseUrl = inject('baseUrl')

async function open(path: string): Promise<TestPage> {
  const page = await openPage('narrow')
  await page.goto(`${baseUrl}${path}`)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
  return page
}

const activeLabel = (page: TestPage) =>
  page.evaluate(
    () =>
      document.activeElement?.getAttribute('aria-label') ??
      document.activeElement?.textContent?.trim() ??
      '',
  )

const focusInsideMenu = (page: TestPage) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('.mobile-menu')))

describe('shared layout on a narrow screen (390x844)', () => {
  it('shows the hamburger, the logo and a telephone link instead of the desktop menu', async () => {
    const page = await open('/Brand/intro')
    expect(await page.locator('.gnb').isVisible()).toBe(false)
    expect(await page.getByRole('button', {name: '메뉴 열기'}).isVisible()).toBe(true)
    expect(await page.locator('header .logo').isVisible()).toBe(true)
    expect(await page.locator('header a.tel-link').getAttribute('href')).toMatch(/^tel:\d+$/)
    await page.context().close()
  })

  it(
    'opens the slide menu as a modal dialog, keeps ' + 'the focus inside it, and closes on Escape',
    async () => {
      const page = await open('/Brand/intro')
      const hamburger = page.locator('button.hamburger')
      const menu = page.locator('.mobile-menu')
      expect(await menu.isVisible()).toBe(false)

      await hamburger.click()
      await expect.poll(() => menu.isVisible()).toBe(true)
      expect(await menu.evaluate((element) => element.matches(':modal'))).toBe(true)
      expect(await focusInsideMenu(page)).toBe(true)
      expect(await activeLabel(page)).toBe('메뉴 닫기')

      // Tab through more stops than the menu has, both ways: past its last control the focus
      // visits the browser's own controls (the document), never the page behind.
      const stops = await menu.locator('a, button').count()
      for (const key of ['Tab', 'Shift+Tab']) {
        for (let step = 0; step <= stops + 1; step++) {
          await page.keyboard.press(key)
          if (!(await focusView(page)).isBody) expect(await focusInsideMenu(page)).toBe(true)
        }
      }

      // Escape from a link inside it: the browser closes it and gives the focus back.
      await menu.getByRole('link', {name: '커뮤니티'}).focus()
      await page.keyboard.press('Escape')
      await expect.poll(() => menu.isVisible()).toBe(false)
      expect(await focusMatches(page, 'button.hamburger')).toBe(true)
      expect(await activeLabel(page)).toBe('메뉴 열기')
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )

  it('closes the slide menu on Back, staying on the page, and leaves no entry behind', async () => {
    const page = await open('/Brand/intro')
    const url = page.url()
    const hamburger = page.locator('button.hamburger')
    const menu = page.locator('.mobile-menu')
    const length = await page.evaluate(() => history.length)

    await hamburger.tap()
    await expect.poll(() => menu.isVisible()).toBe(true)
    await expect.poll(() => page.evaluate(() => history.length)).toBe(length + 1)
    await page.goBack()
    await expect.poll(() => menu.isVisible()).toBe(false)
    expect(page.url()).toBe(url)
    expect(await focusMatches(page, 'button.hamburger')).toBe(true)

    // Closed by its own button, it takes its entry with it: Back then leaves the page.
    await hamburger.tap()
    await expect.poll(() => menu.isVisible()).toBe(true)
    await menu.getByRole('button', {name: '메뉴 닫기'}).tap()
    await expect.poll(() => menu.isVisible()).toBe(false)
    await expect
      .poll(() => page.evaluate(() => (history.state as {mobileMenu?: boolean} | null)?.mobileMenu))
      .toBeUndefined()
    expect(page.url()).toBe(url)
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('following a link in the slide menu, one Back returns to the page it was opened on', async () => {
    const page = await open('/Brand/intro')
    const url = page.url()
    const length = await page.evaluate(() => history.length)
    const menu = page.locator('.mobile-menu')
    await page.locator('button.hamburger').tap()
    await expect.poll(() => menu.isVisible()).toBe(true)
    await menu.getByRole('link', {name: '커뮤니티'}).tap()
    await page.waitForURL((next) => next.href !== url)
    await expect.poll(() => menu.isVisible()).toBe(false)
    // The new page took the menu's entry: one entry more than before the menu, not two.
    expect(await page.evaluate(() => history.length)).toBe(length + 1)

    await page.goBack()
    await page.waitForURL(url)
    expect(await menu.isVisible()).toBe(false)
    await page.locator('button.hamburger').tap()
    await expect.poll(() => menu.isVisible()).toBe(true)
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('keeps the close button on screen and tappable with the menu scrolled to its end', async () => {
    const page = await open('/Brand/intro')
    const menu = page.locator('.mobile-menu')
    await page.locator('button.hamburger').tap()
    await expect.poll(() => menu.isVisible()).toBe(true)
    // Measured where it comes to rest: visible from the first frame of its slide-in.
    await menu.evaluate((element) =>
      Promise.all(element.getAnimations({subtree: true}).map((animation) => animation.finished)),
    )
    // The list is longer than the screen: the panel scrolls.
    const scroll = () =>
      menu.evaluate((element) => ({
        top: element.scrollTop,
        end: element.scrollHeight - element.clientHeight,
      }))
    expect((await scroll()).end).toBeGreaterThan(200)
    await menu.evaluate((element) => element.scrollTo({top: element.scrollHeight}))
    await expect.poll(async () => (await scroll()).top).toBe((await scroll()).end)
    const last = menu.locator('a').last()
    expect(await last.isVisible()).toBe(true)

    const close = menu.getByRole('button', {name: '메뉴 닫기'})
    const box = await close.boundingBox()
    expect(box).not.toBeNull()
    expect(box!.y).toBeGreaterThanOrEqual(0)
    expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORTS.narrow.height)
    // Nothing of the scrolled list lies over it: a tap at its middle reaches it.
    const hit = await page.evaluate(
      ({x, y}) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label'),
      {x: box!.x + box!.width / 2, y: box!.y + box!.height / 2},
    )
    expect(hit).toBe('메뉴 닫기')
    await close.tap()
    await expect.poll(() => menu.isVisible()).toBe(false)
    await page.context().close()
  })

  it('opens and closes the slide menu without JavaScript, and its links lead on', async () => {
    const page = await openPage('narrow', {javaScriptEnabled: false})
    await page.goto(`${baseUrl}/Brand/intro`)
    const menu = page.locator('.mobile-menu')
    await page.locator('button.hamburger').tap()
    await expect.poll(() => menu.isVisible()).toBe(true)
    await menu.getByRole('button', {name: '메뉴 닫기'}).tap()
    await expect.poll(() => menu.isVisible()).toBe(false)
    await page.locator('button.hamburger').tap()
    await menu.getByRole('link', {name: '커뮤니티'}).tap()
    await page.waitForURL(`${baseUrl}/ComplexGuide/community`)
    await page.context().close()
  })

  it('follows a menu link and closes the menu', async () => {
    const page = await open('/Brand/intro')
    await page.locator('button.hamburger').click()
    await page.locator('.mobile-menu').getByRole('link', {name: '커뮤니티'}).click()
    await page.waitForURL(`${baseUrl}/ComplexGuide/community`)
    await expect.poll(() => page.locator('.mobile-menu').isVisible()).toBe(false)
    await page.context().close()
  })

  it('keeps the reservation and phone bar fixed to the bottom while scrolling', async () => {
    const page = await open('/ComplexGuide/intro')
    const bar = page.locator('.mobile-bar')
    const bottomEdge = async () => {
      const box = await bar.boundingBox()
      return box ? Math.round(box.y + box.height) : null
    }
    expect(await bottomEdge()).toBe(VIEWPORTS.narrow.height)
    await page.evaluate(() => window.scrollTo(0, 600))
    expect(await bottomEdge()).toBe(VIEWPORTS.narrow.height)
    expect(await bar.getByRole('link', {name: '방문예약'}).getAttribute('href')).toMatch(
      /^\/[a-z0-9-]+\/customer$/,
    )
    expect(await bar.getByRole('link', {name: /전화상담/}).getAttribute('href')).toMatch(
      /^tel:\d+$/,
    )
    await page.context().close()
  })

  it(
    'follows the reservation button to the default ' +
      "site's customer page when JavaScript is off",
    async () => {
      const page = await openPage('narrow', {javaScriptEnabled: false})
      await page.goto(`${baseUrl}/Brand/intro`)
      await page.locator('.mobile-bar').getByRole('link', {name: '방문예약'}).tap()
      await page.waitForURL(/\/[a-z0-9-]+\/customer$/)
      await page.context().close()
    },
  )

  it(
    'opens the slide menu from the keyboard, shows ' +
      'where the focus is, and follows a link with Enter',
    async () => {
      const page = await open('/Brand/intro')
      const menu = page.locator('.mobile-menu')
      await tabUntil(page, 'button.hamburger')
      expect(await focusView(page)).toMatchObject({label: '메뉴 열기', ring: true, onScreen: true})

      await page.keyboard.press('Enter')
      await expect.poll(() => menu.isVisible()).toBe(true)
      expect(await focusView(page)).toMatchObject({label: '메뉴 닫기', ring: true, onScreen: true})

      // Every stop on the way to a link is inside the menu and shows its focus ring.
      const presses = await tabUntil(page, '.mobile-menu a[href="/ComplexGuide/community"]')
      expect(presses).toBeGreaterThan(1)
      expect(await focusView(page)).toMatchObject({label: '커뮤니티', ring: true, onScreen: true})
      await page.keyboard.press('Enter')
      await page.waitForURL(`${baseUrl}/ComplexGuide/community`)
      await expect.poll(() => menu.isVisible()).toBe(false)
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )

  it(
    'closes the slide menu from its close button with ' +
      'Enter or Space, the focus going back to the hamburger',
    async () => {
      const page = await open('/Brand/intro')
      const hamburger = page.locator('button.hamburger')
      const menu = page.locator('.mobile-menu')
      for (const key of ['Enter', 'Space']) {
        await hamburger.focus()
        await page.keyboard.press(key)
        await expect.poll(() => menu.isVisible()).toBe(true)
        expect(await focusView(page)).toMatchObject({label: '메뉴 닫기', ring: true})
        await page.keyboard.press(key)
        await expect.poll(() => menu.isVisible()).toBe(false)
        expect(await focusView(page)).toMatchObject({
          label: '메뉴 열기',
          ring: true,
          onScreen: true,
        })
      }
      await page.context().close()
    },
  )
})

import {describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage} from '../browser.ts'
import {focusMatches, focusView, tabUntil} from '../keyboard.ts'

const baseUrl = inject('baseUrl')

async function open(path: string, options = {}): Promise<TestPage> {
  const page = await openPage('desktop', options)
  await page.goto(`${baseUrl}${path}`)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
  return page
}

const groupButton = (page: TestPage, name: string) =>
  page.locator('.gnb').getByRole('button', {name, exact: true})

describe('shared layout on a desktop (1440x900)', () => {
  it('changes the header style once the page is scrolled below 0 px', async () => {
    const page = await open('/ComplexGuide/intro')
    const header = page.locator('header.site-header')
    expect(await header.getAttribute('data-scrolled')).toBeNull()
    await page.evaluate(() => window.scrollTo(0, 1))
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true')
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => header.getAttribute('data-scrolled')).toBeNull()
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it.each([901, 1024, 1100, 1200, 1440])(
    'fits every header control inside a %i px wide window, none over another',
    async (width) => {
      const page = await open('/Brand/intro', {viewport: {width, height: 900}})
      const boxes = await page.evaluate(() =>
        [
          ...document.querySelectorAll(
            '.header-bar .logo, .header-bar .gnb-button, .header-bar .header-actions > *',
          ),
        ].flatMap((element) => {
          const box = element.getBoundingClientRect()
          if (box.width === 0 || box.height === 0) return []
          const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''
          return [{name, left: box.left, right: box.right, top: box.top, bottom: box.bottom}]
        }),
      )
      const names = boxes.map((box) => box.name)
      expect(names).toEqual(
        expect.arrayContaining([
          '브랜드',
          '홍보센터',
          '방문예약 등록',
          expect.stringMatching(/^전화/),
        ]),
      )
      for (const box of boxes) {
        expect(box.left, box.name).toBeGreaterThanOrEqual(0)
        expect(box.right, box.name).toBeLessThanOrEqual(width)
      }
      for (const [index, box] of boxes.entries()) {
        for (const other of boxes.slice(index + 1)) {
          const apart =
            box.right <= other.left ||
            other.right <= box.left ||
            box.bottom <= other.top ||
            other.bottom <= box.top
          expect(apart, `${box.name} / ${other.name}`).toBe(true)
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await page.context().close()
    },
  )

  it('opens a submenu while the pointer is over its group', async () => {
    const page = await open('/Brand/intro')
    const button = groupButton(page, '단지안내')
    const submenu = page.locator(`#${await button.getAttribute('aria-controls')}`)
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await submenu.isVisible()).toBe(false)
    await button.hover()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    await submenu.getByRole('link', {name: '커뮤니티'}).click()
    await page.waitForURL(`${baseUrl}/ComplexGuide/community`)
    expect(await page.locator('h1').first().textContent()).toBeTruthy()
    await page.mouse.move(720, 800)
    await expect.poll(() => submenu.isVisible()).toBe(false)
    await page.context().close()
  })

  it('opens a submenu on keyboard focus, walks into it, and closes on Escape', async () => {
    const page = await open('/Brand/intro')
    const button = groupButton(page, '브랜드')
    const submenu = page.locator(`#${await button.getAttribute('aria-controls')}`)
    await button.focus()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    expect(await submenu.isVisible()).toBe(true)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('브랜드 소개')
    await page.keyboard.press('Escape')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await submenu.isVisible()).toBe(false)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('브랜드')
    // Moving on to the next group closes this one and opens that one.
    await page.keyboard.press('Enter')
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await groupButton(page, '사업개요').getAttribute('aria-expanded')).toBe('true')
    await page.context().close()
  })

  it('shows focus visibly on keyboard-reached controls', async () => {
    const page = await open('/Brand/intro')
    await page.keyboard.press('Tab')
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    )
    expect(outline).not.toBe('none')
    await page.context().close()
  })

  it('scrolls to the top on route change', async () => {
    const page = await open('/ComplexGuide/intro')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.locator('footer').getByRole('link', {name: '개인정보처리방침'}).click()
    await page.waitForURL(`${baseUrl}/privacy`)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await page.context().close()
  })

  it(
    'shows the footer with the phone, the reservation ' +
      'button, family sites and the privacy link',
    async () => {
      const page = await open('/Brand/intro')
      const footer = page.locator('footer.site-footer')
      expect(await footer.getByRole('link', {name: /\d{4}-\d{4}/}).getAttribute('href')).toMatch(
        /^tel:\d+$/,
      )
      expect(await footer.getByRole('link', {name: '방문예약 등록'}).getAttribute('href')).toMatch(
        /^\/[a-z0-9-]+\/customer$/,
      )
      const familySites = footer.locator('details.family-sites')
      await familySites.locator('summary').click()
      const external = familySites.getByRole('link')
      expect(await external.first().isVisible()).toBe(true)
      expect(await external.first().getAttribute('target')).toBe('_blank')
      await page.keyboard.press('Escape')
      expect(await familySites.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(
        false,
      )
      expect(await footer.textContent()).toMatch(/© 2025/)
      await page.context().close()
    },
  )

  it('shows the banner without animation under prefers-reduced-motion', async () => {
    const page = await open('/Brand/intro', {reducedMotion: 'reduce'})
    expect(
      await page.locator('.title-banner').evaluate((element) => getComputedStyle(element).opacity),
    ).toBe('1')
    await page.context().close()
  })

  it('reveals the brand banner later than other banners', async () => {
    const page = await openPage('desktop')
    await page.goto(`${baseUrl}/Brand/intro`)
    const delays = await page.evaluate(() => {
      const banner = document.querySelector('.title-banner')!
      return getComputedStyle(banner).animationDelay
    })
    expect(delays).toBe('0.5s')
    await page.goto(`${baseUrl}/ComplexGuide/intro`)
    expect(
      await page
        .locator('.title-banner')
        .evaluate((element) => getComputedStyle(element).animationDelay),
    ).toBe('0.1s')
    await page.context().close()
  })

  it(
    'walks the menu by keyboard alone: Tab opens a group, goes ' +
      'through its links, on to the next group, and Enter follows a link',
    async () => {
      const page = await open('/Brand/intro')
      await tabUntil(page, '.gnb-button')
      const brand = groupButton(page, '브랜드')
      const brandMenu = page.locator(`#${await brand.getAttribute('aria-controls')}`)
      expect(await focusView(page)).toMatchObject({label: '브랜드', ring: true, onScreen: true})
      expect(await brand.getAttribute('aria-expanded')).toBe('true')
      expect(await brandMenu.isVisible()).toBe(true)

      // Tab goes through the open submenu's links, each with its focus ring.
      const links = await brandMenu.getByRole('link').allTextContents()
      expect(links.length).toBeGreaterThan(0)
      for (const link of links) {
        await page.keyboard.press('Tab')
        expect(await focusView(page)).toMatchObject({label: link, ring: true, onScreen: true})
        expect(await brandMenu.isVisible()).toBe(true)
      }

      // Past the last link the next group takes the focus: its submenu opens, this one closes.
      await page.keyboard.press('Tab')
      const next = groupButton(page, '사업개요')
      expect(await focusMatches(page, '.gnb-button')).toBe(true)
      expect(await focusView(page)).toMatchObject({label: '사업개요', ring: true})
      expect(await next.getAttribute('aria-expanded')).toBe('true')
      expect(await brand.getAttribute('aria-expanded')).toBe('false')
      await expect.poll(() => brandMenu.isVisible()).toBe(false)

      // Enter on a submenu link follows it.
      const nextMenuId = await next.getAttribute('aria-controls')
      const href = await page
        .locator(`#${nextMenuId}`)
        .getByRole('link')
        .first()
        .getAttribute('href')
      await page.keyboard.press('Tab')
      expect(await focusMatches(page, `#${nextMenuId} a`)).toBe(true)
      expect(await focusView(page)).toMatchObject({ring: true, onScreen: true})
      await page.keyboard.press('Enter')
      await page.waitForURL(`${baseUrl}${href}`)
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )

  it(
    'leaves a group closed with Escape until the ' +
      'keyboard comes back to it, and Shift+Tab walks back',
    async () => {
      const page = await open('/Brand/intro')
      await tabUntil(page, '.gnb-button')
      const brand = groupButton(page, '브랜드')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Escape')
      // Escape closes the submenu and puts the focus, visibly, back on its group.
      expect(await brand.getAttribute('aria-expanded')).toBe('false')
      expect(await focusView(page)).toMatchObject({label: '브랜드', ring: true})
      // Space opens it again from the keyboard.
      await page.keyboard.press('Space')
      expect(await brand.getAttribute('aria-expanded')).toBe('true')
      // Shift+Tab leaves the menu backwards (to the logo) and closes the group.
      await page.keyboard.press('Shift+Tab')
      expect(await focusMatches(page, '.gnb *')).toBe(false)
      expect(await focusView(page)).toMatchObject({ring: true, onScreen: true})
      expect(await brand.getAttribute('aria-expanded')).toBe('false')
      await page.context().close()
    },
  )
})

import {describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage} from '../browser.ts'
import {focusView, tabUntil} from '../keyboard.ts'
import {WHEEL_LOCK_MS} from '#src/page-script/section-steps.ts'
import {openHome, scrollY, settledScrollY} from './home-page.ts'

const HEIGHT = 900

async function desktopHome(options = {}, {clock = false} = {}): Promise<TestPage> {
  const page = await openPage('desktop', options)
  if (clock) await page.clock.install()
  await openHome(page)
  await page.mouse.move(720, 450)
  return page
}

/**
 * Lets the wheel lock that the last move set pass: the lock ends on the page's clock, which
 * the test moves on by the lock's length (on a page opened with `clock: true`).
 */
const passLock = (page: TestPage) => page.clock.runFor(WHEEL_LOCK_MS)

describe('home page on a desktop (1440x900)', () => {
  it('moves one section per wheel tick and swallows ticks during the 500 ms lock', async () => {
    const page = await desktopHome({}, {clock: true})
    // The page's clock stands still from here: a lock ends only when the test lets it pass, so
    // the three ticks below fall inside one lock however slowly a busy machine delivers them.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100)
    expect(await scrollY(page)).toBe(0)
    await page.mouse.wheel(0, 120)
    expect(await settledScrollY(page)).toBe(HEIGHT)

    // Three ticks in quick succession: only the first moves.
    await passLock(page)
    await page.mouse.wheel(0, 120)
    await page.mouse.wheel(0, 120)
    await page.mouse.wheel(0, 120)
    expect(await settledScrollY(page)).toBe(2 * HEIGHT)

    await passLock(page)
    await page.mouse.wheel(0, -120)
    expect(await settledScrollY(page)).toBe(HEIGHT)
    await passLock(page)
    await page.mouse.wheel(0, -120)
    expect(await settledScrollY(page)).toBe(0)
    await passLock(page)
    await page.mouse.wheel(0, -120)
    expect(await settledScrollY(page)).toBe(0)
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('steps by the wheel on a home page reached by client navigation too, and leaves other pages to the browser', async () => {
    const page = await openPage('desktop')
    await page.goto(`${inject('baseUrl')}/Brand/intro`)
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    await page.mouse.move(720, 450)
    await page.mouse.wheel(0, 120)
    const native = await settledScrollY(page)
    expect(native).toBeGreaterThan(0)
    expect(native).toBeLessThan(HEIGHT)
    await page.locator('header .logo').click()
    await page.waitForSelector('.home')
    expect(await settledScrollY(page)).toBe(0)
    await page.mouse.wheel(0, 120)
    expect(await settledScrollY(page)).toBe(HEIGHT)
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('moves between sections with Page Down/Up, arrows and Home/End', async () => {
    const page = await desktopHome({}, {clock: true})
    await page.keyboard.press('PageDown')
    expect(await settledScrollY(page)).toBe(HEIGHT)
    await passLock(page)
    await page.keyboard.press('ArrowDown')
    expect(await settledScrollY(page)).toBe(2 * HEIGHT)
    await passLock(page)
    await page.keyboard.press('ArrowUp')
    expect(await settledScrollY(page)).toBe(HEIGHT)
    await passLock(page)
    await page.keyboard.press('End')
    const bottom = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    )
    expect(await settledScrollY(page)).toBe(Math.min(bottom, 7.5 * HEIGHT))
    await passLock(page)
    await page.keyboard.press('Home')
    expect(await settledScrollY(page)).toBe(0)
    await page.context().close()
  })

  it('lines every section up with a multiple of the window height, so each stop shows one section', async () => {
    const page = await desktopHome()
    await page.mouse.wheel(0, 120)
    await settledScrollY(page)
    const edges = await page.evaluate(() =>
      [...document.querySelectorAll('.home > section')]
        .filter((section) => getComputedStyle(section).display !== 'none')
        .map((section) => {
          const box = section.getBoundingClientRect()
          return [Math.round(box.top + window.scrollY), Math.round(box.bottom + window.scrollY)]
        }),
    )
    expect(edges).toHaveLength(7)
    expect(edges[0]![1]).toBe(HEIGHT)
    expect(edges.slice(1).map(([top]) => top)).toEqual(
      [1, 2, 3, 4, 5, 6].map((index) => index * HEIGHT),
    )
    // Each section's content fits its screen (the reservation form included).
    expect(edges.slice(1).map(([top, bottom]) => bottom! - top!)).toEqual(
      [1, 2, 3, 4, 5, 6].map(() => HEIGHT),
    )
    await page.context().close()
  })

  it("fills each section's screen with content: no stop shows more than a third of the window empty", async () => {
    const page = await desktopHome({}, {clock: true})
    const count = await page.locator('.home > section:not(.home-mobile-only)').count()
    const empty: number[] = []
    for (let stop = 0; stop < count; stop++) {
      if (stop > 0) {
        await page.mouse.wheel(0, 120)
        await settledScrollY(page)
        await passLock(page)
      }
      // The window's height, less what the section's words, pictures and controls span (the
      // sticky header counts as shown).
      empty.push(
        await page.evaluate(() => {
          const header = document.querySelector('.site-header')!.getBoundingClientRect().bottom
          const covered: Array<[number, number]> = []
          for (const element of document.querySelectorAll('.home > section *')) {
            const style = getComputedStyle(element)
            const ownText = [...element.childNodes].some(
              (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
            )
            const drawn =
              ownText ||
              element.matches('img, video, iframe, input, textarea, select') ||
              style.backgroundImage !== 'none'
            if (!drawn || style.visibility === 'hidden' || !element.checkVisibility()) continue
            const box = element.getBoundingClientRect()
            const top = Math.max(box.top, header)
            const bottom = Math.min(box.bottom, window.innerHeight)
            if (box.width > 1 && bottom > top) covered.push([top, bottom])
          }
          covered.sort((a, b) => a[0] - b[0])
          let shown = 0
          let reach = header
          for (const [top, bottom] of covered) {
            if (bottom <= reach) continue
            shown += bottom - Math.max(top, reach)
            reach = bottom
          }
          return Math.round(window.innerHeight - header - shown)
        }),
      )
    }
    for (const band of empty)
      expect(band, `empty bands per stop: ${empty.join(', ')}`).toBeLessThanOrEqual(HEIGHT / 3)
    await page.context().close()
  })

  it('opens the unit-plan items under the section heading, with E-model tabs on 84A by default', async () => {
    const page = await desktopHome()
    const section = page.locator('#home-unit-plan')
    const heading = section.getByRole('heading', {level: 2})
    // The unit types are open from the start, so the section's screen shows plans.
    await expect.poll(() => heading.textContent()).toBe('세대안내')
    expect(
      await section.getByRole('button', {name: '타입 안내'}).getAttribute('aria-expanded'),
    ).toBe('true')
    await section.getByRole('button', {name: 'E-모델하우스'}).click()
    expect(await heading.textContent()).toBe('세대안내')
    const frame = section.locator('iframe')
    // The tour is framed only when the visitor asks for it.
    expect(await frame.count()).toBe(0)
    await section.getByRole('button', {name: /84A 360° 투어 시작/}).click()
    expect(await frame.count()).toBe(1)
    expect(await frame.getAttribute('src')).toBe('/tour/84A')
    expect(await frame.getAttribute('title')).toContain('84A')

    // Arrow keys move between the tabs and leave the page where it is (focusing the tab may
    // scroll it into view first: clicking the tall start button brought the page down to it).
    await section.getByRole('tab', {name: '84A'}).focus()
    const before = await settledScrollY(page)
    await page.keyboard.press('ArrowRight')
    expect(await section.getByRole('tab', {name: '84B'}).getAttribute('aria-selected')).toBe('true')
    expect(await frame.getAttribute('src')).toBe('/tour/84B')
    expect(await settledScrollY(page)).toBe(before)

    await section.getByRole('button', {name: '타입 안내'}).click()
    expect(await section.locator('iframe').count()).toBe(0)
    expect(await heading.textContent()).toBe('세대안내')
    await page.context().close()
  })

  it('shows the four PREMIUM cards whole, linking to their pages', async () => {
    const page = await desktopHome()
    const links = page.locator('.premium-card__link')
    expect(await links.count()).toBe(4)
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual([
      '/BusinessGuide/intro',
      '/LocationEnvironment/intro',
      '/ComplexGuide/community',
      '/SalesInfo/SubscriptionGuide',
    ])
    expect(await links.first().isVisible()).toBe(true)
    await page.context().close()
  })

  it('leaves scrolling alone for visitors who prefer reduced motion', async () => {
    const page = await desktopHome({reducedMotion: 'reduce'})
    await page.mouse.wheel(0, 300)
    const y = await settledScrollY(page)
    expect(y).toBeGreaterThan(0)
    expect(y).toBeLessThan(HEIGHT)
    await page.context().close()
  })

  it('opens the unit-plan items and works the E-model tabs from the keyboard alone, with a visible focus', async () => {
    const page = await desktopHome()
    const section = page.locator('#home-unit-plan')
    const heading = section.getByRole('heading', {level: 2})
    await tabUntil(page, '#unit-plan-vr-button', {limit: 120})
    expect(await focusView(page)).toMatchObject({label: 'E-모델하우스', ring: true, onScreen: true})
    await page.keyboard.press('Enter')
    await expect
      .poll(() => section.getByRole('button', {name: 'E-모델하우스'}).getAttribute('aria-expanded'))
      .toBe('true')
    expect(await heading.textContent()).toBe('세대안내')

    // The tab list is the next stop, on its selected tab; arrows move and select.
    await page.keyboard.press('Tab')
    expect(await focusView(page)).toMatchObject({label: '84A', ring: true, onScreen: true})
    await page.keyboard.press('ArrowRight')
    expect(await focusView(page)).toMatchObject({label: '84B', ring: true})
    expect(await section.getByRole('tab', {name: '84B'}).getAttribute('aria-selected')).toBe('true')

    // Back to the item's header, and Enter closes it again.
    await tabUntil(page, '#unit-plan-vr-button', {backwards: true, limit: 5})
    await page.keyboard.press('Enter')
    await expect
      .poll(() => section.getByRole('button', {name: 'E-모델하우스'}).getAttribute('aria-expanded'))
      .toBe('false')
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })
})

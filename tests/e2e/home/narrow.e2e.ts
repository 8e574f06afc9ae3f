import type {CDPSession} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage} from '../browser.ts'
import {focusMatches, focusView, tabUntil} from '../keyboard.ts'
import {SLIDE_INTERVAL_MS} from '#src/components/home/useSlider.ts'
import {currentSlide, openHome} from './home-page.ts'
import {formTakenOver} from '../leads/leads-page.ts'

async function narrowHome(): Promise<TestPage> {
  const page = await openPage('narrow')
  await openHome(page)
  return page
}

/** A real one-finger horizontal swipe across the slider, through Chromium's input pipeline. */
async function swipe(cdp: CDPSession, y: number, fromX: number, toX: number) {
  const steps = 6
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: [{x: fromX, y}]})
  for (let step = 1; step <= steps; step++) {
    const x = fromX + ((toX - fromX) * step) / steps
    await cdp.send('Input.dispatchTouchEvent', {type: 'touchMove', touchPoints: [{x, y}]})
  }
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []})
}

const expanded = (page: TestPage, name: string) =>
  page.getByRole('button', {name, exact: true}).getAttribute('aria-expanded')

describe('home page on a narrow screen (390x844)', () => {
  it(
    'keeps one business-overview item open at a ' + 'time and closes the open one on a second tap',
    async () => {
      const page = await narrowHome()
      expect(await expanded(page, '사업개요')).toBe('true')
      await page.getByRole('button', {name: '입지환경', exact: true}).tap()
      expect(await expanded(page, '입지환경')).toBe('true')
      expect(await expanded(page, '사업개요')).toBe('false')
      await page.getByRole('button', {name: '입지환경', exact: true}).tap()
      expect(await expanded(page, '입지환경')).toBe('false')
      expect(await page.locator('#overview-location-panel').isVisible()).toBe(false)
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )

  it(
    'auto-advances the premium slider every 6 s, ' + 'moves on a 50 px swipe, and follows its dots',
    async () => {
      const page = await openPage('narrow')
      // The slider counts its 6 s on the page's clock, which the test holds still from before
      // the tap that shows the slider and then moves on: to just short of 6 s, then to 6 s.
      await page.clock.install()
      await openHome(page)
      await page.clock.pauseAt(Date.now() + 1000)
      await page.getByRole('button', {name: '프리미엄', exact: true}).tap()
      const slider = page.locator('.premium-slider')
      await slider.scrollIntoViewIfNeeded()
      expect(await page.locator('.premium-slider__dot').count()).toBe(7)
      expect(await currentSlide(page)).toBe(0)
      await page.clock.runFor(SLIDE_INTERVAL_MS - 500)
      expect(await currentSlide(page)).toBe(0)
      await page.clock.runFor(500)
      await expect.poll(() => currentSlide(page)).toBe(1)
      await page.clock.resume()

      const box = (await page.locator('.premium-slider__viewport').boundingBox())!
      const y = box.y + box.height / 3
      const cdp = await page.context().newCDPSession(page)
      await swipe(cdp, y, 300, 270)
      expect(await currentSlide(page)).toBe(1)
      await swipe(cdp, y, 300, 200)
      await expect.poll(() => currentSlide(page)).toBe(2)
      await swipe(cdp, y, 100, 200)
      await expect.poll(() => currentSlide(page)).toBe(1)

      // Chromium's gesture recognizer swallows a tap that follows a swipe too closely.
      await page.waitForTimeout(800)
      await page.getByRole('button', {name: '5번째 슬라이드 보기'}).tap()
      await expect.poll(() => currentSlide(page)).toBe(4)
      expect(
        await page
          .locator('.premium-slider__slide[aria-hidden="false"]')
          .getAttribute('aria-label'),
      ).toBe('5 / 7')
      await page.context().close()
    },
  )

  it('expands a PREMIUM card when it is tapped', async () => {
    const page = await narrowHome()
    const toggle = page.getByRole('button', {name: '440세대 랜드마크 자세히 보기'})
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    const link = page.locator('.premium-card__link').first()
    expect(await link.isVisible()).toBe(false)
    await toggle.tap()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    expect(await link.isVisible()).toBe(true)
    expect(await link.getAttribute('href')).toBe('/BusinessGuide/intro')
    await page.context().close()
  })

  it('opens the complex accordion items with their pictures', async () => {
    const page = await narrowHome()
    expect(await expanded(page, '단지배치')).toBe('true')
    await page.getByRole('button', {name: '커뮤니티', exact: true}).tap()
    expect(await expanded(page, '단지배치')).toBe('false')
    const images = page.locator('#complex-community-panel img')
    expect(await images.count()).toBe(4)
    expect(await images.first().getAttribute('alt')).toBeTruthy()
    await page.context().close()
  })

  it(
    'opens the unit plans from the start and ' + 'switches them with arrows that stop at both ends',
    async () => {
      const page = await narrowHome()
      expect(
        await page
          .getByRole('button', {name: '타입 안내', exact: true})
          .getAttribute('aria-expanded'),
      ).toBe('true')
      const prev = page.getByRole('button', {name: '이전 타입'})
      const next = page.getByRole('button', {name: '다음 타입'})
      const selected = () => page.locator('.unit-switcher__tab[aria-selected="true"]').textContent()
      expect(await selected()).toBe('84A')
      expect(await prev.isDisabled()).toBe(true)
      await next.tap()
      await next.tap()
      expect(await selected()).toBe('84C')
      expect(await next.isDisabled()).toBe(true)
      await prev.tap()
      expect(await selected()).toBe('84B')
      await page.context().close()
    },
  )

  it('shows every accordion panel, card detail and slide when JavaScript is off', async () => {
    const page = await openPage('narrow', {javaScriptEnabled: false})
    await page.goto(`${inject('baseUrl')}/`)
    const hiddenPanels = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          '.accordion-item__panel, .premium-card__more, .emodel-tabs__panel',
        ),
      ]
        .filter((panel) => getComputedStyle(panel).display === 'none')
        .map((panel) => panel.id),
    )
    expect(hiddenPanels).toEqual([])
    expect(await page.locator('.premium-slider__slide').count()).toBe(7)
    expect(await page.getByRole('link', {name: /84A 가상 투어/}).count()).toBe(1)
    await page.context().close()
  })

  it('scrolls natively: no section hijack on narrow screens', async () => {
    const page = await narrowHome()
    const wheelCancelled = await page.evaluate(
      () =>
        !window.dispatchEvent(
          new WheelEvent('wheel', {deltaY: 120, cancelable: true, bubbles: true}),
        ),
    )
    expect(wheelCancelled).toBe(false)
    await page.context().close()
  })

  it(
    'works the accordions from the keyboard: Tab reaches each ' +
      'header, Enter and Space toggle it, the focus ring shows',
    async () => {
      const page = await narrowHome()
      await tabUntil(page, '#overview-location-button')
      expect(await focusView(page)).toMatchObject({label: '입지환경', ring: true, onScreen: true})
      await page.keyboard.press('Enter')
      expect(await expanded(page, '입지환경')).toBe('true')
      expect(await expanded(page, '사업개요')).toBe('false')
      expect(await page.locator('#overview-location-panel').isVisible()).toBe(true)
      await page.keyboard.press('Space')
      expect(await expanded(page, '입지환경')).toBe('false')
      expect(await page.locator('#overview-location-panel').isVisible()).toBe(false)
      expect(await focusView(page)).toMatchObject({label: '입지환경', ring: true, onScreen: true})

      // Further down, the complex accordion: closed panels are no Tab stops.
      await tabUntil(page, '#complex-community-button', {limit: 60})
      expect(await focusView(page)).toMatchObject({
        label: expect.stringContaining('커뮤니티'),
        ring: true,
        onScreen: true,
      })
      expect(await page.locator('#complex-community-panel').isVisible()).toBe(false)
      await page.keyboard.press('Enter')
      expect(await expanded(page, '커뮤니티')).toBe('true')
      expect(await expanded(page, '단지배치')).toBe('false')
      await page.keyboard.press('Tab')
      expect(
        await focusMatches(page, '#complex-community-panel *, #complex-community-button'),
      ).toBe(false)
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )

  it(
    'draws the first screen, its main picture ' + 'included, before it fetches any script',
    async () => {
      const page = await openPage('narrow')
      await page.addInitScript(
        'requestAnimationFrame(() => { window.firstFrameAt = performance.now() })',
      )
      await openHome(page)
      const timing = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
        const scripts = resources.filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!
        return {
          firstFrameAt: (window as unknown as {firstFrameAt: number}).firstFrameAt,
          heroLoadedAt: resources.find((entry) => entry.name === hero.currentSrc)!.responseEnd,
          firstScriptAt: Math.min(...scripts.map((entry) => entry.startTime)),
          scripts: scripts.length,
        }
      })
      expect(timing.scripts).toBeGreaterThan(3)
      expect(timing.firstScriptAt).toBeGreaterThan(timing.firstFrameAt)
      expect(timing.firstScriptAt).toBeGreaterThan(timing.heroLoadedAt)
    },
  )

  it(
    "leaves the visit form's scripts until the visitor nears the form, and draws " +
      'the page from one stylesheet that the scripts do not add to',
    async () => {
      const page = await narrowHome()
      const formScripts = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((name) => /\/assets\/(registration-form|visit-time|form-fields)-/.test(name))
            .sort(),
        )
      const sheets = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
            (link) => new URL(link.href).pathname,
          ),
        )
      expect(await sheets()).toHaveLength(1)
      // Hydrated, the page idle for a while: the form, ten screens down, still plain HTML.
      await page.waitForTimeout(1000)
      expect(await formScripts()).toEqual([])
      expect(await page.locator('#reservation form').getAttribute('novalidate')).toBeNull()

      // A screen above the form: its top at the bottom edge of the window.
      await page
        .locator('#reservation')
        .evaluate((box) =>
          window.scrollTo(0, box.getBoundingClientRect().top + window.scrollY - innerHeight),
        )
      await expect
        .poll(formScripts)
        .toEqual([
          expect.stringContaining('/assets/form-fields-'),
          expect.stringContaining('/assets/registration-form-'),
          expect.stringContaining('/assets/visit-time-'),
        ])
      await formTakenOver(page.locator('#reservation form'))
      await page.locator('#reservation input[name="name"]').fill('홍길동')
      expect(await sheets()).toHaveLength(1)
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )
})

import {describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage, type ViewportName} from '../browser.ts'
import {
  focusMatches,
  focusView,
  focusWhenGoneMatches,
  tabUntil,
  watchFocusWhenGone,
} from '../keyboard.ts'

const baseUrl = inject('baseUrl')

async function visit(viewport: ViewportName, path: string, options = {}): Promise<TestPage> {
  const page = await openPage(viewport, options)
  await page.goto(`${baseUrl}${path}`)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
  return page
}

const selectedTab = (page: TestPage) => page.getByRole('tab', {selected: true})
/** The MP4 of the video the selected tab shows. */
const videoSrc = (page: TestPage) =>
  page.locator('main video source[type="video/mp4"]').getAttribute('src')
const focusedText = (page: TestPage) =>
  page.evaluate(() => document.activeElement?.textContent ?? null)

describe('guide video tabs', () => {
  it('moves and selects with the arrow keys, Home and End, swapping the player', async () => {
    const page = await visit('desktop', '/FloorPlan/videos')
    const first = await videoSrc(page)
    await selectedTab(page).focus()
    await page.keyboard.press('ArrowRight')
    expect(await selectedTab(page).textContent()).toMatch(/^2 /)
    expect(await focusedText(page)).toMatch(/^2 /)
    expect(await videoSrc(page)).not.toBe(first)
    expect(await page.locator('main video').count()).toBe(1)

    await page.keyboard.press('End')
    expect(await selectedTab(page).textContent()).toMatch(/^3 /)
    await page.keyboard.press('ArrowRight')
    expect(await selectedTab(page).textContent()).toMatch(/^1 /)
    expect(await videoSrc(page)).toBe(first)
    await page.keyboard.press('ArrowLeft')
    expect(await focusedText(page)).toMatch(/^3 /)
    await page.keyboard.press('Home')
    expect(await focusedText(page)).toMatch(/^1 /)

    // Tab leaves the tab list for the panel instead of visiting the other tabs.
    expect(
      await page
        .getByRole('tab')
        .evaluateAll((tabs) => tabs.map((tab) => (tab as HTMLElement).tabIndex)),
    ).toEqual([0, -1, -1])
    await page.context().close()
  })

  it('swaps the player on a tap on narrow screens', async () => {
    const page = await visit('narrow', '/FloorPlan/videos')
    const first = await videoSrc(page)
    await page.getByRole('tab', {name: /^3 /}).tap()
    expect(await selectedTab(page).textContent()).toMatch(/^3 /)
    expect(await videoSrc(page)).not.toBe(first)
    await page.context().close()
  })

  it('is one Tab stop, reached and left by the keyboard, with a visible focus ring', async () => {
    const page = await visit('desktop', '/FloorPlan/videos')
    await tabUntil(page, '[role="tab"]', {limit: 80})
    // The stop is the selected tab, drawn with its ring.
    expect(await focusMatches(page, '[role="tab"][aria-selected="true"]')).toBe(true)
    expect(await focusView(page)).toMatchObject({
      label: expect.stringMatching(/^1 /),
      ring: true,
      onScreen: true,
    })
    await page.keyboard.press('ArrowRight')
    expect(await focusView(page)).toMatchObject({
      label: expect.stringMatching(/^2 /),
      ring: true,
      onScreen: true,
    })
    expect(await selectedTab(page).textContent()).toMatch(/^2 /)
    // The next Tab leaves the tab list instead of visiting the other tabs.
    await page.keyboard.press('Tab')
    expect(await focusMatches(page, '[role="tab"]')).toBe(false)
    await page.context().close()
  })
})

describe('E-model house tabs', () => {
  it(
    'opens on 84A, frames the tour only when ' + 'asked, then switches the tour with the keyboard',
    async () => {
      const page = await visit('desktop', '/FloorPlan/Emodel')
      expect(await selectedTab(page).textContent()).toBe('84A')
      expect(await page.locator('main iframe').count()).toBe(0)
      await page.getByRole('button', {name: /84A 360° 투어 시작/}).click()
      const frame = page.locator('main iframe')
      expect(await frame.getAttribute('src')).toBe('/tour/84A')
      await selectedTab(page).focus()
      await page.keyboard.press('ArrowRight')
      expect(await selectedTab(page).textContent()).toBe('84B')
      expect(await frame.getAttribute('src')).toBe('/tour/84B')
      await page.context().close()
    },
  )
})

describe('floor-plan viewer', () => {
  const dialog = (page: TestPage) => page.getByRole('dialog', {name: '84A 타입 평면도'})
  const scale = async (page: TestPage) =>
    Number(await page.locator('.zoom-viewport').getAttribute('data-scale'))
  const opener = (page: TestPage) => page.getByRole('button', {name: /평면도 크게 보기/})

  it(
    'opens full screen, zooms with the buttons and the ' +
      'wheel, keeps focus inside, and closes with Escape',
    async () => {
      const page = await visit('desktop', '/FloorPlan/84A')
      const historyBefore = await page.evaluate(() => history.length)
      await opener(page).click()
      await dialog(page).waitFor()
      expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1)
      expect(new URL(page.url()).pathname).toBe('/FloorPlan/84A')
      const box = await dialog(page).boundingBox()
      expect(box?.width).toBe(1440)
      expect(box?.height).toBe(900)
      await expect
        .poll(() =>
          page
            .locator('.zoom-canvas img')
            .evaluate((image) => (image as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0)

      await page.getByRole('button', {name: '확대'}).click()
      expect(await scale(page)).toBe(1.5)
      expect(await page.locator('.zoom-level').textContent()).toBe('150%')
      await page.getByRole('button', {name: '축소'}).click()
      expect(await scale(page)).toBe(1)

      await page.locator('.zoom-viewport').hover()
      await page.mouse.wheel(0, -300)
      await expect.poll(() => scale(page)).toBeGreaterThan(1.5)
      await page.mouse.wheel(0, 2000)
      await expect.poll(() => scale(page)).toBe(1)

      // Tab and Shift+Tab never leave the dialog.
      for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
        await page.keyboard.press(key)
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(
          true,
        )
      }

      await watchFocusWhenGone(page, 'dialog.zoom-dialog')
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({state: 'detached'})
      expect(await focusWhenGoneMatches(page, '.zoom-open')).toBe(true)
      // Escape took back the history entry the viewer had added.
      expect(
        await page.evaluate(() =>
          Boolean((history.state as Record<string, unknown> | null)?.zoomViewer),
        ),
      ).toBe(false)
      expect(new URL(page.url()).pathname).toBe('/FloorPlan/84A')
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )

  it('closes with the browser Back button and stays on the page', async () => {
    const page = await visit('desktop', '/FloorPlan/84A')
    await opener(page).click()
    await dialog(page).waitFor()
    await watchFocusWhenGone(page, 'dialog.zoom-dialog')
    await page.goBack()
    await dialog(page).waitFor({state: 'detached'})
    expect(new URL(page.url()).pathname).toBe('/FloorPlan/84A')
    expect(await opener(page).count()).toBe(1)
    expect(await focusWhenGoneMatches(page, '.zoom-open')).toBe(true)
    await page.context().close()
  })

  it('zooms with a two-finger pinch on a touch screen and closes with its button', async () => {
    const page = await visit('narrow', '/FloorPlan/84A')
    await opener(page).tap()
    await dialog(page).waitFor()
    const box = await page.locator('.zoom-viewport').boundingBox()
    if (!box) throw new Error('no viewport')
    const cx = box.x + box.width / 2
    const cy = box.y + box.height / 2
    const cdp = await page.context().newCDPSession(page)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                {x: cx - spread, y: cy, id: 1},
                {x: cx + spread, y: cy, id: 2},
              ],
      })
    await touch('touchStart', 40)
    for (const spread of [60, 80, 100, 120]) await touch('touchMove', spread)
    await touch('touchEnd', 0)
    await expect.poll(() => scale(page)).toBeCloseTo(3, 1)

    await page.getByRole('button', {name: '닫기'}).tap()
    await dialog(page).waitFor({state: 'detached'})
    expect(new URL(page.url()).pathname).toBe('/FloorPlan/84A')
    await page.context().close()
  })
})

describe('coming-soon placeholder', () => {
  const animations = (page: TestPage) =>
    page
      .locator('main .dot-loader > span')
      .evaluateAll((dots) => dots.map((dot) => getComputedStyle(dot).animationName))

  it('animates its three dots', async () => {
    const page = await visit('desktop', '/FloorPlan/119B')
    expect(await animations(page)).toEqual(['dot-pulse', 'dot-pulse', 'dot-pulse'])
    await page.context().close()
  })

  it('holds the dots still when the visitor prefers reduced motion', async () => {
    const page = await openPage('narrow')
    await page.emulateMedia({reducedMotion: 'reduce'})
    await page.goto(`${baseUrl}/FloorPlan/119B`)
    expect(await animations(page)).toEqual(['none', 'none', 'none'])
    expect(await page.getByText('COMING SOON', {exact: true}).isVisible()).toBe(true)
    await page.context().close()
  })
})

import type {FrameLocator} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage, type ViewportName} from '../browser.ts'
import {openHydrated} from '../leads/leads-page.ts'

const baseUrl = inject('baseUrl')

/** The tour in the E-model page's frame, once the visitor asked for it. */
async function openTour(page: TestPage, viewport: ViewportName): Promise<FrameLocator> {
  const start = page.getByRole('button', {name: /84A 360° 투어 시작/})
  await start.scrollIntoViewIfNeeded()
  await (viewport === 'narrow' ? start.tap() : start.click())
  const tour = page.frameLocator('main iframe[src="/tour/84A"]')
  await tour.locator('.tour-page[data-viewer="ready"]').waitFor({timeout: 30_000})
  await tour.locator('.psv-canvas, canvas').first().waitFor()
  return tour
}

const where = (tour: FrameLocator) => tour.locator('.tour-page__where').textContent()
/** Waits until the tour says it shows `place` (a move loads the next panorama first). */
const arrivesAt = (tour: FrameLocator, place: string) =>
  expect.poll(() => where(tour), {timeout: 20_000}).toBe(`지금 보는 곳: ${place}`)
const facing = (tour: FrameLocator) =>
  tour.locator('.tour-map__here').evaluate((element) => (element as HTMLElement).style.rotate)

describe('E-model tour', () => {
  it('on desktop: opens in the frame on the living room, looks around with the arrow keys, goes through a hotspot by keyboard and by click, and by the mini-map', async () => {
    const page = await openPage('desktop')
    await openHydrated(page, '/FloorPlan/Emodel')
    const tour = await openTour(page, 'desktop')
    expect(await where(tour)).toBe('지금 보는 곳: 거실')
    expect(await tour.getByRole('heading', {level: 1}).textContent()).toBe('84A 타입 E-모델하우스')

    // The mini-map is a thumbnail in a corner of the frame, open, and folds to its button.
    const frame = (await page.locator('main iframe[src="/tour/84A"]').boundingBox())!
    const map = tour.getByRole('navigation', {name: '미니맵'})
    const mapBox = (await map.boundingBox())!
    expect((mapBox.width * mapBox.height) / (frame.width * frame.height)).toBeLessThan(0.12)
    expect(mapBox.x + mapBox.width).toBeLessThanOrEqual(frame.x + frame.width)
    expect(mapBox.y + mapBox.height).toBeLessThanOrEqual(frame.y + frame.height)
    const fold = tour.getByRole('button', {name: '미니맵 접기'})
    expect(await fold.getAttribute('aria-expanded')).toBe('true')
    await fold.click()
    const unfold = tour.getByRole('button', {name: '미니맵 펼치기'})
    expect(await unfold.getAttribute('aria-expanded')).toBe('false')
    expect(await tour.getByRole('button', {name: '침실2'}).count()).toBe(0)
    await unfold.click()
    expect(await fold.getAttribute('aria-expanded')).toBe('true')
    // The help speaks of the mouse and the keys here, not of fingers.
    const help = await tour.locator('#tour-help').textContent()
    expect(help).toContain('방향키')
    expect(help).not.toContain('손가락')

    // Arrow keys turn the view; the mini-map's cone follows.
    const before = await facing(tour)
    await tour.locator('.tour-page__viewer').click({position: {x: 200, y: 200}})
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowRight')
    await expect.poll(() => facing(tour)).not.toBe(before)

    // A hotspot by keyboard: Tab to it, the view turns to it, Enter goes through.
    const toBedroom = tour.getByRole('button', {name: '침실1 (안방)으로 이동'})
    await toBedroom.focus()
    await page.keyboard.press('Enter')
    await arrivesAt(tour, '침실1 (안방)')
    expect(
      await tour.getByRole('button', {name: '침실1 (안방)'}).getAttribute('aria-current'),
    ).toBe('location')

    // Space on the way back.
    await tour.getByRole('button', {name: '거실로 이동'}).focus()
    await page.keyboard.press('Space')
    await arrivesAt(tour, '거실')

    // The arrow drawn in the panorama, clicked, goes through too.
    const marker = tour.locator('.tour-hotspot[data-target="kitchen"]')
    await tour.getByRole('button', {name: '주방·식당으로 이동'}).focus()
    await expect.poll(() => marker.isVisible(), {timeout: 10_000}).toBe(true)
    await marker.click()
    await arrivesAt(tour, '주방·식당')

    // The mini-map goes anywhere.
    await tour.getByRole('button', {name: '침실2'}).click()
    await arrivesAt(tour, '침실2')
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('on a phone: taps open the tour, the folded mini-map and a room, and a hotspot', async () => {
    const page = await openPage('narrow')
    await openHydrated(page, '/FloorPlan/Emodel')
    const tour = await openTour(page, 'narrow')
    expect(await where(tour)).toBe('지금 보는 곳: 거실')
    // On a touch screen the help speaks of fingers, not of keys.
    const help = await tour.locator('#tour-help').textContent()
    expect(help).toMatch(/손가락.*드래그/)
    expect(help).not.toContain('방향키')
    // The mini-map starts folded to its button, opens to a thumbnail, and folds again.
    const toggle = tour.getByRole('button', {name: '미니맵 펼치기'})
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await tour.getByRole('button', {name: '침실3'}).count()).toBe(0)
    await toggle.tap()
    const fold = tour.getByRole('button', {name: '미니맵 접기'})
    expect(await fold.getAttribute('aria-expanded')).toBe('true')
    await tour.getByRole('button', {name: '침실3'}).tap()
    await arrivesAt(tour, '침실3')
    await fold.tap()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await tour.getByRole('button', {name: '복도로 이동'}).tap()
    await arrivesAt(tour, '복도')
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('opens on its own page too, with no frame around it and the home page’s tabs framing it only when asked', async () => {
    const page = await openPage('desktop')
    await page.goto(`${baseUrl}/tour/84B`)
    await page.locator('.tour-page[data-viewer="ready"]').waitFor({timeout: 30_000})
    expect(await page.locator('header.site-header, footer').count()).toBe(0)
    expect(await page.locator('.tour-page__where').textContent()).toBe('지금 보는 곳: 거실')
    await page.context().close()

    const home = await openPage('narrow')
    await openHydrated(home, '/')
    const section = home.locator('#home-unit-plan')
    await section.getByRole('button', {name: 'E-모델하우스'}).tap()
    expect(await section.locator('iframe').count()).toBe(0)
    await section.getByRole('button', {name: /84A 360° 투어 시작/}).tap()
    await home
      .frameLocator('#home-unit-plan iframe')
      .locator('.tour-page[data-viewer="ready"]')
      .waitFor({timeout: 30_000})
    await home.context().close()
  })
})

import type {FrameLocator} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {browserForFile, openPage, type TestPage, type ViewportName} from '../browser.ts'
import {afterTwoFrames} from '../frames.ts'

const baseUrl = inject('baseUrl')

const browser = browserForFile()

async function visit(viewport: ViewportName, path: string): Promise<TestPage> {
  const page = await openPage(browser(), viewport)
  await page.goto(`${baseUrl}${path}`)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
  return page
}

/**
 * What the visitor's player is doing: time, and the Korean captions track as the browser loaded it.
 */
const playback = (page: TestPage) =>
  page.locator('main video').evaluate((video: HTMLVideoElement) => {
    const track = video.textTracks[0]
    return {
      time: video.currentTime,
      paused: video.paused,
      track: track
        ? {
            kind: track.kind,
            language: track.language,
            mode: track.mode,
            cues: track.cues?.length ?? 0,
          }
        : null,
    }
  })

describe('videos', () => {
  it.each<[ViewportName, string, RegExp]>([
    ['desktop', '/FloorPlan/videos', /입지환경 가이드 영상 재생/],
    ['narrow', '/FloorPlan/videos', /입지환경 가이드 영상 재생/],
  ])(
    'on %s, %s loads nothing before the play button, then plays with Korean captions',
    async (viewport, path, button) => {
      const page = await visit(viewport, path)
      const requested: string[] = []
      page.on('request', (request) => {
        if (/\.(webm|mp4|vtt)$/.test(new URL(request.url()).pathname)) requested.push(request.url())
      })
      // Once the page has hydrated, what could still ask for the film or its captions is the
      // player's effects (the captions' watch among them): two frames on, they have run.
      await afterTwoFrames(page)
      expect(requested).toEqual([])
      expect((await playback(page)).paused).toBe(true)

      const play = page.getByRole('button', {name: button})
      await play.scrollIntoViewIfNeeded()
      await (viewport === 'narrow' ? play.tap() : play.click())
      await expect
        .poll(async () => (await playback(page)).time, {timeout: 20_000})
        .toBeGreaterThan(0.5)
      expect(requested.some((url) => url.endsWith('.webm'))).toBe(true)
      await expect
        .poll(async () => (await playback(page)).track)
        .toEqual({kind: 'captions', language: 'ko', mode: 'showing', cues: expect.any(Number)})
      expect((await playback(page)).track?.cues).toBeGreaterThanOrEqual(4)
      await page.context().close()
    },
  )
})

/** The brand film's sound, as the player has it and as its switch says. */
const sound = (page: TestPage) =>
  page.locator('main video').evaluate((video: HTMLVideoElement) => {
    const button = video.parentElement?.querySelector('.video-player__sound')
    return {
      muted: video.muted,
      label: button?.textContent ?? null,
      pressed: button?.getAttribute('aria-pressed') ?? null,
    }
  })

describe('brand film', () => {
  it.each<ViewportName>(['desktop', 'narrow'])(
    'on %s, starts by itself once in view: muted, captioned, once through, and its switch turns the sound on and off',
    async (viewport) => {
      const page = await visit(viewport, '/Brand/video')
      const film = page.locator('main video')
      await film.scrollIntoViewIfNeeded()
      await expect
        .poll(async () => (await playback(page)).time, {timeout: 20_000})
        .toBeGreaterThan(0.5)
      expect(await film.evaluate((video: HTMLVideoElement) => video.loop)).toBe(false)
      expect(await sound(page)).toEqual({muted: true, label: '소리', pressed: 'false'})
      await expect
        .poll(async () => (await playback(page)).track)
        .toEqual({kind: 'captions', language: 'ko', mode: 'showing', cues: expect.any(Number)})

      const press = async (name: string) => {
        const button = page.getByRole('button', {name, exact: true})
        await (viewport === 'narrow' ? button.tap() : button.click())
      }
      await press('소리')
      await expect.poll(() => sound(page)).toEqual({muted: false, label: '소리', pressed: 'true'})
      await press('소리')
      await expect.poll(() => sound(page)).toEqual({muted: true, label: '소리', pressed: 'false'})
      expect((await playback(page)).paused).toBe(false)
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )

  it.each<ViewportName>(['desktop', 'narrow'])(
    'on %s, its captions change in place: no layout shift while the film plays through its first captions',
    async (viewport) => {
      const page = await openPage(browser(), viewport)
      await page.addInitScript(() => {
        const shifts: number[] = []
        Object.assign(window, {shifts})
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            shifts.push((entry as unknown as {value: number}).value)
        }).observe({type: 'layout-shift', buffered: true})
      })
      await page.goto(`${baseUrl}/Brand/video`)
      // The second caption starts at 3.7 s.
      await expect
        .poll(async () => (await playback(page)).time, {timeout: 30_000})
        .toBeGreaterThan(5)
      const placed = await page
        .locator('main video')
        .evaluate((video: HTMLVideoElement) =>
          Array.from(video.textTracks[0]?.cues ?? []).map((cue) => (cue as VTTCue).snapToLines),
        )
      expect(placed.length).toBeGreaterThanOrEqual(4)
      expect(placed.every((snaps) => !snaps)).toBe(true)
      expect(await page.evaluate(() => (window as unknown as {shifts: number[]}).shifts)).toEqual(
        [],
      )
      await page.context().close()
    },
  )

  it('below the fold, fetches nothing of the film until it scrolls into view', async () => {
    const page = await openPage(browser(), 'desktop', {viewport: {width: 1440, height: 600}})
    const requested: string[] = []
    page.on('request', (request) => {
      if (/\.(webm|mp4)$/.test(new URL(request.url()).pathname)) requested.push(request.url())
    })
    await page.goto(`${baseUrl}/Brand/video`)
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    // What could start the film is its player's visibility watch, set up by the hydrating
    // commit's effects: its first report comes with the frame after that, so two frames on it
    // has come (a play() would show at once as paused: false).
    await afterTwoFrames(page)
    expect(requested).toEqual([])
    expect(await playback(page)).toMatchObject({time: 0, paused: true})
    await page.locator('main video').scrollIntoViewIfNeeded()
    await expect
      .poll(async () => (await playback(page)).time, {timeout: 20_000})
      .toBeGreaterThan(0.5)
    expect(requested.length).toBeGreaterThan(0)
    await page.context().close()
  })

  it('waits for the play button under reduced motion, then plays with sound', async () => {
    const page = await openPage(browser(), 'desktop', {reducedMotion: 'reduce'})
    await page.goto(`${baseUrl}/Brand/video`)
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    await page.locator('main video').scrollIntoViewIfNeeded()
    // In view: a visibility watch would report it with the next frame, and a play() would
    // show at once as paused: false.
    await afterTwoFrames(page)
    expect(await playback(page)).toMatchObject({time: 0, paused: true})
    await page.getByRole('button', {name: /홍보영상 재생/}).click()
    await expect
      .poll(async () => (await playback(page)).time, {timeout: 20_000})
      .toBeGreaterThan(0.5)
    expect((await sound(page)).muted).toBe(false)
    await page.context().close()
  })
})

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
const facing = (tour: FrameLocator) =>
  tour.locator('.tour-map__here').evaluate((element) => (element as HTMLElement).style.rotate)

describe('E-model tour', () => {
  it('on desktop: opens in the frame on the living room, looks around with the arrow keys, goes through a hotspot by keyboard and by click, and by the mini-map', async () => {
    const page = await visit('desktop', '/FloorPlan/Emodel')
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
    await expect.poll(() => where(tour), {timeout: 20_000}).toBe('지금 보는 곳: 침실1 (안방)')
    expect(
      await tour.getByRole('button', {name: '침실1 (안방)'}).getAttribute('aria-current'),
    ).toBe('location')

    // Space on the way back.
    await tour.getByRole('button', {name: '거실로 이동'}).focus()
    await page.keyboard.press('Space')
    await expect.poll(() => where(tour), {timeout: 20_000}).toBe('지금 보는 곳: 거실')

    // The arrow drawn in the panorama, clicked, goes through too.
    const marker = tour.locator('.tour-hotspot[data-target="kitchen"]')
    await tour.getByRole('button', {name: '주방·식당으로 이동'}).focus()
    await expect.poll(() => marker.isVisible(), {timeout: 10_000}).toBe(true)
    await marker.click()
    await expect.poll(() => where(tour), {timeout: 20_000}).toBe('지금 보는 곳: 주방·식당')

    // The mini-map goes anywhere.
    await tour.getByRole('button', {name: '침실2'}).click()
    await expect.poll(() => where(tour), {timeout: 20_000}).toBe('지금 보는 곳: 침실2')
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('on a phone: taps open the tour, the folded mini-map and a room, and a hotspot', async () => {
    const page = await visit('narrow', '/FloorPlan/Emodel')
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
    await expect.poll(() => where(tour), {timeout: 20_000}).toBe('지금 보는 곳: 침실3')
    await fold.tap()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await tour.getByRole('button', {name: '복도로 이동'}).tap()
    await expect.poll(() => where(tour), {timeout: 20_000}).toBe('지금 보는 곳: 복도')
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('opens on its own page too, with no frame around it and the home page’s tabs framing it only when asked', async () => {
    const page = await openPage(browser(), 'desktop')
    await page.goto(`${baseUrl}/tour/84B`)
    await page.locator('.tour-page[data-viewer="ready"]').waitFor({timeout: 30_000})
    expect(await page.locator('header.site-header, footer').count()).toBe(0)
    expect(await page.locator('.tour-page__where').textContent()).toBe('지금 보는 곳: 거실')
    await page.context().close()

    const home = await visit('narrow', '/')
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

import {describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage, type ViewportName} from '../browser.ts'
import {afterTwoFrames} from '../frames.ts'
import {openHydrated} from '../leads/leads-page.ts'

const baseUrl = inject('baseUrl')

async function visit(viewport: ViewportName, path: string): Promise<TestPage> {
  const page = await openPage(viewport)
  await openHydrated(page, path)
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
      const page = await openPage(viewport)
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
    const page = await openPage('desktop', {viewport: {width: 1440, height: 600}})
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
    const page = await openPage('desktop', {reducedMotion: 'reduce'})
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

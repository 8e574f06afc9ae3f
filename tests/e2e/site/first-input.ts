import {describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage, type ViewportName} from '../browser.ts'
import {afterTwoFrames} from '../frames.ts'

/**
 * The visitor's first press, tap or wheel tick does what it is designed to do whenever it
 * comes: before the page's scripts have started, while they load, or after. (Without
 * JavaScript, the links lead on and the slide menu opens: layout-narrow.e2e.ts.) Each page is
 * opened on a CPU slowed down four times, and acted on 0, 100, 500 and 1,000 ms after
 * DOMContentLoaded. The machine is shared and its speed varies, so the tests wait for the
 * outcome (the popup open, one section moved, the menu open), not for a time.
 *
 * Each test has its own context (no cache, no storage shared), its own slowed CPU and its own
 * first input, timed from its own page's DOMContentLoaded. The tests of a file run one at a
 * time; each time has a file of its own (first-input-0ms … first-input-1000ms), so that two
 * run beside each other and none runs much over half a minute.
 */
const baseUrl = inject('baseUrl')
/** Long enough for a slowed, busy machine to fetch, start and hydrate the page. */
export const OUTCOME_TIMEOUT_MS = 30_000

/**
 * Opens `path` on a CPU slowed four times and waits `afterMs` from DOMContentLoaded, and
 * for the first paint: before it there is nothing a visitor could press.
 */
async function openSlowed(
  viewport: ViewportName,
  path: string,
  afterMs: number,
  initScript?: () => void,
): Promise<TestPage> {
  const page = await openPage(viewport)
  if (initScript) await page.addInitScript(initScript)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4})
  await page.goto(`${baseUrl}${path}`, {waitUntil: 'domcontentloaded'})
  // Timed on the page's own clock from its own DOMContentLoaded: the moment the input is meant
  // for, however long the test's message takes to reach the page.
  await page.waitForFunction(
    (ms) => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[]
      return (
        performance.getEntriesByName('first-paint').length > 0 &&
        performance.now() >= navigation!.domContentLoadedEventStart + ms
      )
    },
    afterMs,
    {polling: 16, timeout: OUTCOME_TIMEOUT_MS},
  )
  return page
}

// Titled 관심고객 등록 from the hero's button, 방문 예약 from every other.
const popup = (page: TestPage) => page.locator('dialog.registration-popup')

/**
 * Presses a registration link and checks what the visitor sees: the press taken at once (the
 * popup open, or the link showing that it waits for it), then the popup, on the same page.
 */
async function pressRegistration(page: TestPage, selector: string, viewport: ViewportName) {
  const link = page.locator(selector)
  const url = page.url()
  if (viewport === 'narrow') await link.tap({timeout: OUTCOME_TIMEOUT_MS})
  else await link.click({timeout: OUTCOME_TIMEOUT_MS})
  const taken = await link.evaluate((element) => {
    const open = document.querySelector('dialog.registration-popup')?.hasAttribute('open') ?? false
    const waiting =
      element.hasAttribute('data-press-held') &&
      getComputedStyle(element, '::after').content !== 'none'
    return open || waiting
  })
  expect(taken, 'the press shows at once that it was taken').toBe(true)
  await popup(page).waitFor({timeout: OUTCOME_TIMEOUT_MS})
  expect(page.url()).toBe(url)
  await expect.poll(() => link.getAttribute('data-press-held')).toBeNull()
  expect(page.consoleErrors).toEqual([])
}

const scrollY = (page: TestPage) => page.evaluate(() => Math.round(window.scrollY))

/** A first input: where, on which screen, and what the visitor then sees. */
interface FirstInput {
  what: string
  viewport: ViewportName
  path: string
  /** Runs in the page before its own scripts. */
  initScript?: () => void
  act(page: TestPage): Promise<void>
}

const FIRST_INPUTS: FirstInput[] = [
  {
    what: '"관심고객 등록" on the home page opens the popup on the page',
    viewport: 'desktop',
    path: '/',
    act: (page) => pressRegistration(page, '.home-hero__cta', 'desktop'),
  },
  {
    what: '"관심고객 등록" on the home page opens the popup on the page',
    viewport: 'narrow',
    path: '/',
    act: (page) => pressRegistration(page, '.home-hero__cta', 'narrow'),
  },
  {
    what: "the header's banner opens the popup on the page",
    viewport: 'desktop',
    path: '/Brand/intro',
    act: (page) => pressRegistration(page, 'a.header-banner', 'desktop'),
  },
  {
    what: 'the hamburger opens the slide menu',
    viewport: 'narrow',
    path: '/Brand/intro',
    async act(page) {
      await page.locator('button.hamburger').tap({timeout: OUTCOME_TIMEOUT_MS})
      await expect
        .poll(() => page.locator('.mobile-menu').isVisible(), {timeout: OUTCOME_TIMEOUT_MS})
        .toBe(true)
      expect(page.consoleErrors).toEqual([])
    },
  },
  {
    what: 'one wheel tick on the home page moves exactly one section',
    viewport: 'desktop',
    path: '/',
    async act(page) {
      await page.mouse.move(720, 450)
      await page.mouse.wheel(0, 120)
      await expect.poll(() => scrollY(page), {timeout: OUTCOME_TIMEOUT_MS}).toBe(900)
      // And stays there once the scripts have started: React marks the page hydrated in the
      // commit that attaches its handlers; two frames later that commit's effects have run,
      // and a scroll any of them started has moved the page (a smooth one from its first
      // frame). The stepping is the page script's from the first paint on, not React's.
      await page.waitForFunction(
        () => document.documentElement.hasAttribute('data-hydrated'),
        null,
        {timeout: OUTCOME_TIMEOUT_MS},
      )
      await afterTwoFrames(page)
      expect(await scrollY(page)).toBe(900)
      expect(page.consoleErrors).toEqual([])
    },
  },
  {
    what: 'the fixed bar\'s "방문예약" opens the popup on the page',
    viewport: 'narrow',
    path: '/',
    act: (page) => pressRegistration(page, '.mobile-bar [data-registration]', 'narrow'),
  },
  {
    what: 'an accordion header on the home page opens its item',
    viewport: 'narrow',
    path: '/',
    async act(page) {
      const header = page.locator('#overview-location-button')
      await header.tap({timeout: OUTCOME_TIMEOUT_MS})
      await expect
        .poll(() => header.getAttribute('aria-expanded'), {timeout: OUTCOME_TIMEOUT_MS})
        .toBe('true')
      await expect.poll(() => page.locator('#overview-location-panel').isVisible()).toBe(true)
      expect(page.consoleErrors).toEqual([])
    },
  },
  {
    what: "the fixed bar's phone link is followed, nothing holds it",
    viewport: 'narrow',
    path: '/',
    // Whether anything cancelled the call, read once the click has met every listener. React
    // stops a click that comes while the page hydrates from reaching the window's own
    // listeners (it replays it to its own handlers), so the note is taken as the click sets out
    // and read when it is done. The headless browser has nothing to dial with, so following the
    // link leaves the page where it is.
    initScript: () => {
      window.addEventListener(
        'click',
        (event) => {
          if (!(event.target instanceof Element) || !event.target.closest('a[href^="tel:"]')) return
          setTimeout(() => {
            ;(window as {callFollowed?: boolean}).callFollowed = !event.defaultPrevented
          })
        },
        {capture: true},
      )
    },
    async act(page) {
      await page.locator('.mobile-bar a[href^="tel:"]').tap({timeout: OUTCOME_TIMEOUT_MS})
      // The browser turns the touches into a click of its own, which on a slowed CPU may
      // come after the tap has returned.
      await expect
        .poll(() => page.evaluate(() => (window as {callFollowed?: boolean}).callFollowed), {
          timeout: OUTCOME_TIMEOUT_MS,
        })
        .toBe(true)
    },
  },
]

/** Every first input, acted on `afterMs` after DOMContentLoaded on a CPU slowed four times. */
export function describeFirstInputs(afterMsList: number[]): void {
  describe.each(afterMsList)(
    'the first input %i ms after DOMContentLoaded, CPU slowed 4x',
    (afterMs) => {
      it.each(FIRST_INPUTS)('$viewport: $what', async ({viewport, path, initScript, act}) => {
        const page = await openSlowed(viewport, path, afterMs, initScript)
        await act(page)
        await page.context().close()
      })
    },
  )
}

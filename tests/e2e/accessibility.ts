import axe from 'axe-core'
import type {Page} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {openPage, type ViewportName} from './browser.ts'
import {builtPages} from './built-site.ts'
import {pathsOfPage} from '#src/build-steps/security-headers.ts'

/** WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** Every prerendered page, and an unknown address for the 404 page. */
function pageAddresses(): string[] {
  const pages = builtPages()
    .filter((page) => page !== '404.html')
    .map((page) => pathsOfPage(page)[0]!)
  return [...pages, '/this/page/does-not-exist']
}

/**
 * The pages in groups of about the same cost, one test file each: the sites' own pages
 * (`/{site}/…`, a site being what has a customer page), the menu's pages (its sections are
 * capitalised: /Brand, /FloorPlan, …), and the others (home, privacy, registration results,
 * admin, tours, the 404 page).
 */
export type PageGroup = 'sites' | 'menu' | 'others'

export function addressesOf(group: PageGroup): string[] {
  const addresses = pageAddresses()
  const sites = addresses.flatMap((address) => /^\/([^/]+)\/customer$/.exec(address)?.[1] ?? [])
  const groupOf = (address: string): PageGroup => {
    const first = address.split('/')[1] ?? ''
    if (sites.includes(first)) return 'sites'
    return /^[A-Z]/.test(first) ? 'menu' : 'others'
  }
  return addresses.filter((address) => groupOf(address) === group)
}

/**
 * Waits until the page is as a visitor sees it once it has settled: hydrated (React's handlers
 * and what it draws by itself, such as the slider's controls, are in place) and every
 * animation or transition that ends has ended (the title banner's delayed fade-in, pictures
 * fading in). Endless ones (a press held while the scripts load) are left running.
 */
export async function settled(page: Page): Promise<void> {
  // A page a function serves without scripts (the time and result pages) is settled as loaded.
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute('data-hydrated') ||
      !document.querySelector('script[type="module"]'),
  )
  await page.evaluate(async () => {
    const ending = () =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .filter((animation) => animation.playState === 'running')
    // An animation's end may start another (a picture fades in once loaded): ask again.
    for (let running = ending(); running.length > 0; running = ending()) {
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)))
    }
  })
}

/**
 * axe-core's violations of TAGS on the page and its frames. axe is loaded once into each
 * frame and run from the top one, as @axe-core/playwright's legacy mode does, but without
 * loading axe twice and without the blank page its default mode finishes each run in: both
 * tripled the cost of a check. Only violations are reported in full (the checks are the same).
 */
export async function axeViolations(page: Page): Promise<axe.Result[]> {
  for (const frame of page.frames()) await frame.evaluate(axe.source)
  return page.evaluate(
    async (tags) =>
      (
        await (window as unknown as {axe: typeof axe}).axe.run(document, {
          runOnly: {type: 'tag', values: tags},
          resultTypes: ['violations'],
        })
      ).violations,
    TAGS,
  )
}

/**
 * The test of a test file: each page of `group` has no axe-core violation once it has
 * settled, at each of `viewports` (the layouts differ). One page per viewport goes from
 * address to address, as a visitor's tab does. The larger groups have a file per viewport,
 * so that no file runs much over a minute and the two can run side by side.
 */
export function describeAccessibility(
  group: PageGroup,
  viewports: ViewportName[] = ['desktop', 'narrow'],
): void {
  describe.each(viewports)('accessibility (%s)', (viewport) => {
    const baseUrl = inject('baseUrl')

    it('every page has zero axe-core violations', async () => {
      const failures: string[] = []
      const page = await openPage(viewport)
      const addresses = addressesOf(group)
      expect(addresses.length).toBeGreaterThan(5)
      for (const address of addresses) {
        await page.goto(`${baseUrl}${address}`, {waitUntil: 'load'})
        await settled(page)
        for (const violation of await axeViolations(page)) {
          const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '))
          failures.push(`${address} ${violation.id} (${violation.impact}): ${targets.join(' | ')}`)
        }
      }
      await page.context().close()
      expect(failures).toEqual([])
    }, 600_000)
  })
}

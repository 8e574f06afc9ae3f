import AxeBuilder from '@axe-core/playwright'
import {describe, expect, inject, it} from 'vitest'
import {browserForFile, openPage, type ViewportName} from '../browser.ts'
import {builtPages} from '../built-site.ts'
import {pathsOfPage} from '#src/site-build/security-headers.ts'

const baseUrl = inject('baseUrl')

/** Every prerendered page, and an unknown address for the 404 page. */
function addresses(): string[] {
  const pages = builtPages()
    .filter((page) => page !== '404.html')
    .map((page) => pathsOfPage(page)[0]!)
  return [...pages, '/this/page/does-not-exist']
}

describe.each<ViewportName>(['desktop', 'narrow'])('accessibility (%s)', (viewport) => {
  const browser = browserForFile()

  it('every page has zero axe-core violations', async () => {
    const failures: string[] = []
    const page = await openPage(browser(), viewport)
    for (const address of addresses()) {
      await page.goto(`${baseUrl}${address}`, {waitUntil: 'load'})
      // Let delayed banners and fade-ins settle so they are checked as a visitor sees them.
      await page.waitForTimeout(700)
      const {violations} = await new AxeBuilder({page})
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze()
      for (const violation of violations) {
        const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '))
        failures.push(`${address} ${violation.id} (${violation.impact}): ${targets.join(' | ')}`)
      }
    }
    await page.context().close()
    expect(failures).toEqual([])
  }, 600_000)
})

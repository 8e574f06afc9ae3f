import type {Page} from 'playwright-core'
import {inject} from 'vitest'

/** Opens the home page and waits until it has hydrated (its event handlers are attached). */
export async function openHome(page: Page): Promise<void> {
  await page.goto(`${inject('baseUrl')}/`, {waitUntil: 'networkidle'})
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
}

export const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))

/** Waits until the page rests (smooth scrolling over) and answers where. */
export async function settledScrollY(page: Page): Promise<number> {
  let last = -1
  for (;;) {
    await page.waitForTimeout(200)
    const now = await scrollY(page)
    if (now === last) return now
    last = now
  }
}

/** The index of the dot marked current in the premium slider. */
export const currentSlide = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.premium-slider__dot')].findIndex(
      (dot) => dot.getAttribute('aria-current') === 'true',
    ),
  )

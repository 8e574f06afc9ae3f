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
  // Three equal readings 200 ms apart: on a busy machine a smooth scroll's frames can stall
  // for one interval halfway down.
  const readings: number[] = []
  for (;;) {
    await page.waitForTimeout(200)
    readings.push(await scrollY(page))
    const last = readings.slice(-3)
    if (last.length === 3 && last.every((y) => y === last[0])) return last[0]!
  }
}

/** The index of the dot marked current in the premium slider. */
export const currentSlide = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.premium-slider__dot')].findIndex(
      (dot) => dot.getAttribute('aria-current') === 'true',
    ),
  )

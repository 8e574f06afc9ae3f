import type {Page} from 'playwright-core'

/**
 * Resolves two frames from now. What the page's last update set going (React's effects of a
 * commit, a scroll or request they started) has begun by then: a test that shows something
 * did NOT happen waits for the event that could cause it, then for this, instead of a time.
 */
export async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()))
      }),
  )
}

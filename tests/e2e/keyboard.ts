import type {Page} from 'playwright-core'

/** What a keyboard user sees of the element that has the focus. */
export interface FocusView {
  /** Its accessible label as the page writes it (aria-label, else its text). */
  label: string
  /** Whether it shows a focus ring: :focus-visible with an outline at least 2 px wide. */
  ring: boolean
  /** Whether it is drawn inside the window (Tab scrolls it there). */
  onScreen: boolean
  /** The element itself: `document.body` when the focus is in the browser's own controls. */
  isBody: boolean
}

export function focusView(page: Page): Promise<FocusView> {
  return page.evaluate(() => {
    const element = document.activeElement ?? document.body
    const style = getComputedStyle(element)
    const box = element.getBoundingClientRect()
    return {
      label: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      ring:
        element.matches(':focus-visible') &&
        style.outlineStyle !== 'none' &&
        Number.parseFloat(style.outlineWidth) >= 2,
      onScreen: box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight,
      isBody: element === document.body,
    }
  })
}

/** Whether the focused element matches a CSS selector. */
export const focusMatches = (page: Page, selector: string) =>
  page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element matches `selector`,
 * at most `limit` times, and answers how many presses it took; fails when it never does.
 */
export async function tabUntil(
  page: Page,
  selector: string,
  {limit = 40, backwards = false} = {},
): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    if (await focusMatches(page, selector)) return presses
  }
  throw new Error(`the keyboard did not reach ${selector} in ${limit} presses of Tab`)
}

/**
 * Watches for the moment no element matches `selector` any more (a dialog removed, a
 * panel closed) and keeps the element that had the focus then; `focusWhenGoneMatches`
 * reads it back. Checking the focus afterwards would also pass when it comes back a frame
 * late, after a keyboard user's next Tab may already have started from the body.
 */
export const watchFocusWhenGone = (page: Page, selector: string) =>
  page.evaluate((gone) => {
    const observer = new MutationObserver(() => {
      if (document.querySelector(gone)) return
      ;(window as {focusWhenGone?: Element | null}).focusWhenGone = document.activeElement
      observer.disconnect()
    })
    observer.observe(document.body, {childList: true, attributes: true, subtree: true})
  }, selector)

/** Whether the element `watchFocusWhenGone` kept matches a CSS selector. */
export const focusWhenGoneMatches = (page: Page, selector: string) =>
  page.evaluate(
    (wanted) =>
      (window as {focusWhenGone?: Element | null}).focusWhenGone?.matches(wanted) ?? false,
    selector,
  )

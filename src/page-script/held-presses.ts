import {POPUP_READY, PRESS_HELD} from './page-names.ts'
import type {ScriptStart} from './start-scripts.ts'

/** How long a held press waits for the page's scripts to arrive before following its link. */
export const ARRIVAL_WAIT_MS = 5000

/**
 * A registration link ('관심고객 등록', '방문예약', the header banner) opens the popup, which
 * the app's scripts provide. Pressed before the popup is ready, the press is held: the link
 * shows at once that it was taken (PRESS_HELD, styled in site.css), the scripts start if they
 * have not, and the popup opens as soon as it is ready (it takes the press:
 * src/lib/registration-popup.ts). The link leads to the customer page, which holds the same
 * form, only when the scripts fail to arrive, or have not arrived after ARRIVAL_WAIT_MS.
 * Answers the function that stops it.
 */
export function holdRegistrationPresses(
  {start, arrived}: ScriptStart,
  follow = (href: string) => window.location.assign(href),
): () => void {
  const listening = new AbortController()
  document.addEventListener(
    'click',
    (event) => {
      if (document.documentElement.hasAttribute(POPUP_READY) || !opensHere(event)) return
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-registration]') : null
      if (!link) return
      event.preventDefault()
      link.setAttribute(PRESS_HELD, '')
      start()
      const giveUp = () => {
        if (link.hasAttribute(PRESS_HELD)) follow(link.href)
      }
      const timer = setTimeout(giveUp, ARRIVAL_WAIT_MS)
      arrived.then(
        () => clearTimeout(timer),
        () => {
          clearTimeout(timer)
          giveUp()
        },
      )
    },
    {capture: true, signal: listening.signal},
  )
  return () => listening.abort()
}

/** A plain press: not one that asks for a new tab or window, nor one the page has handled. */
const opensHere = (event: MouseEvent) =>
  event.button === 0 && !event.defaultPrevented && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

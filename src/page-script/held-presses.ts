import {HYDRATED, POPUP_READY, PRESS_HELD} from './page-names.ts'
import type {ScriptStart} from './start-scripts.ts'

/** How long a held press waits for the page's scripts to arrive before following its link. */
export const ARRIVAL_WAIT_MS = 5000

/**
 * A registration link ('관심고객 등록', '방문예약', the header banner) opens the popup, which
 * the app's scripts provide. Pressed before the popup is ready, the press is held: the link
 * shows at once that it was taken (PRESS_HELD, styled in site.css), the scripts start if they
 * have not, and the popup opens as soon as it is ready (it takes the press:
 * src/lib/registration/popup.ts). The link leads to the customer page, which holds the same
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
      const link =
        event.target instanceof Element
          ? event.target.closest<HTMLAnchorElement>('a[data-registration]')
          : null
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
  event.button === 0 &&
  !event.defaultPrevented &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey

/** Buttons that do nothing without the app: not a form's submit button, not an invoker command. */
const APP_BUTTON = 'button[type="button"]:not([command]):not(:disabled)'

/**
 * A button the app gives its behaviour (an accordion's header, a tab, a slider's arrow) does
 * nothing before React has hydrated the page. Pressed before then, the press is kept (the
 * button shows it, PRESS_HELD) and made again, in order, the moment React has hydrated: it
 * marks the page (HYDRATED) in the update that attaches its handlers, so from then on a press
 * is React's alone. Answers the function that stops it.
 */
export function replayButtonPresses(): () => void {
  const listening = new AbortController()
  const held: HTMLButtonElement[] = []
  const replay = new MutationObserver(() => {
    if (!document.documentElement.hasAttribute(HYDRATED)) return
    replay.disconnect()
    for (const button of held.splice(0)) {
      button.removeAttribute(PRESS_HELD)
      button.click()
    }
  })
  replay.observe(document.documentElement, {attributeFilter: [HYDRATED]})
  listening.signal.addEventListener('abort', () => replay.disconnect())
  document.addEventListener(
    'click',
    (event) => {
      if (document.documentElement.hasAttribute(HYDRATED) || !(event.target instanceof Element))
        return
      const button = event.target.closest<HTMLButtonElement>(APP_BUTTON)
      if (!button) return
      button.setAttribute(PRESS_HELD, '')
      held.push(button)
    },
    {capture: true, signal: listening.signal},
  )
  return () => listening.abort()
}

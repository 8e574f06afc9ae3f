/**
 * The visitor acting on the element: pointing, touching, typing or moving the focus into it.
 */
const INPUTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const

/**
 * How far ahead of the viewport an element counts as near: three screen heights, so that what
 * it loads has arrived, and the element is drawn as it will stay, before a visitor scrolling
 * quickly reaches it.
 */
const NEAR = '300% 0px'

interface Wait {
  promise: Promise<void>
  settled: boolean
}

const waits = new WeakMap<Element, Wait>()

/**
 * Settles once the prerendered `element` comes within three screens of the viewport, or once the
 * visitor acts on it, whichever is first. Null when there is nothing to wait for: no element,
 * an element with no prerendered content (a page rendered in the browser), a browser without
 * IntersectionObserver, or a wait that has settled. One wait per element, so that a render
 * retried after it settles finds it settled.
 */
export function nearOrUsed(element: Element | null): Promise<void> | null {
  if (!element?.firstElementChild || typeof IntersectionObserver === 'undefined') return null
  let wait = waits.get(element)
  if (!wait) {
    const created: Wait = {settled: false, promise: Promise.resolve()}
    created.promise = new Promise<void>((resolve) => {
      const settle = () => {
        observer.disconnect()
        for (const type of INPUTS) element.removeEventListener(type, settle, true)
        created.settled = true
        resolve()
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) settle()
        },
        {rootMargin: NEAR},
      )
      observer.observe(element)
      for (const type of INPUTS) element.addEventListener(type, settle, true)
    })
    waits.set(element, (wait = created))
  }
  return wait.settled ? null : wait.promise
}

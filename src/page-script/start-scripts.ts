import {STARTUP_TEMPLATE_ID} from './page-names.ts'
import {whenParsed} from './when-parsed.ts'

/**
 * The visitor acting: pointing, touching, typing or turning the wheel starts the scripts at once.
 */
const FIRST_INPUTS = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const
const LISTENING = {capture: true, passive: true} as const

export interface ScriptStart {
  /** Starts the scripts now, unless they have started. */
  start(): void
  /**
   * Settles once every module and script the page starts with has arrived (at once on a
   * page that holds none back); rejects when one failed to.
   */
  readonly arrived: Promise<void>
}

/**
 * Decides when the page's scripts start. The build keeps React Router's startup (its module
 * preloads, its scripts and the page's data) in a <template>, where the browser neither
 * fetches nor runs any of it, so that the first screen's stylesheets, fonts and pictures
 * have the network to themselves (src/build-steps/startup-template.ts). Until then the page is
 * plain HTML: links navigate, the page scrolls, the forms post. The startup is put in place
 * as React Router wrote it:
 * - once the page's main picture (the priority picture in <main>) is decoded and drawn, or
 *   after the first frame on a page without one;
 * - at once when the visitor first points, touches, types or turns the wheel;
 * - at once when the page opens in the background, where no frame is drawn.
 * No fixed wait: the scripts start as soon as the first screen no longer needs the network.
 */
export function startScriptsOnceShown(): ScriptStart {
  let settle: {resolve: () => void; reject: (error: Error) => void} | undefined
  const arrived = new Promise<void>((resolve, reject) => {
    settle = {resolve, reject}
  })
  // A failure matters only to a press waiting for the scripts (held-presses.ts).
  arrived.catch(() => undefined)

  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const type of FIRST_INPUTS) removeEventListener(type, start, LISTENING)
    whenParsed(() => putStartupInPlace().then(settle?.resolve, settle?.reject))
  }
  for (const type of FIRST_INPUTS) addEventListener(type, start, LISTENING)

  whenParsed(() => {
    if (document.visibilityState === 'hidden') return start()
    const picture = document.querySelector<HTMLImageElement>('main img[fetchpriority="high"]')
    void Promise.resolve(picture?.decode())
      .catch(() => undefined)
      .then(afterNextFrame)
      .then(start)
  })
  return {start, arrived}
}

/** Replaces the build's template with React Router's startup; settles as it all arrives. */
function putStartupInPlace(): Promise<void> {
  const template = document.getElementById(STARTUP_TEMPLATE_ID)
  if (!(template instanceof HTMLTemplateElement)) return Promise.resolve()
  const fetches = [
    ...template.content.querySelectorAll('link[rel="modulepreload"], script[src]'),
  ].map(arrival)
  template.replaceWith(template.content)
  return Promise.all(fetches).then(() => undefined)
}

function arrival(element: Element): Promise<void> {
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => resolve(), {once: true})
    element.addEventListener(
      'error',
      () =>
        reject(
          new Error(`${element.getAttribute('href') ?? element.getAttribute('src')}: not loaded`),
        ),
      {once: true},
    )
  })
}

/** Resolves once the next frame has been drawn. */
const afterNextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)))

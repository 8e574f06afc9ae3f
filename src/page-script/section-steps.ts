import {DESKTOP_QUERY, MOTION_OK_QUERY} from '#src/lib/media-queries.ts'
import {SECTION_STEPS} from './page-names.ts'
import {whenParsed} from './when-parsed.ts'

/** The desktop home page's section index and its wheel lock. */
export const SECTION_FIRST = 1
/**
 * The design's upper bound, past the seven sections: the last ticks scroll on to the footer,
 * and where the page ends sooner, `sync` sets the index to where scrolling stopped.
 */
export const SECTION_LAST = 8.5
export const WHEEL_LOCK_MS = 500

export type SectionState = {
  index: number
  /** True for WHEEL_LOCK_MS after a move: further ticks are swallowed. */
  locked: boolean
  /** Counts accepted moves, so scrolling follows moves and not syncs. */
  moves: number
}

export type SectionAction =
  | {type: 'step'; direction: 1 | -1}
  | {type: 'jump'; to: 'first' | 'last'}
  | {type: 'unlock'}
  | {type: 'sync'; index: number}

const clamp = (index: number) => Math.min(Math.max(index, SECTION_FIRST), SECTION_LAST)

export const initialSectionState: SectionState = {index: SECTION_FIRST, locked: false, moves: 0}

export function sectionReducer(state: SectionState, action: SectionAction): SectionState {
  switch (action.type) {
    case 'step':
    case 'jump': {
      if (state.locked) return state
      const target =
        action.type === 'step'
          ? state.index + action.direction
          : action.to === 'first'
            ? SECTION_FIRST
            : SECTION_LAST
      const index = clamp(target)
      // A tick at a bound still locks: a trackpad's burst of events must not queue up.
      return index === state.index
        ? {...state, locked: true}
        : {index, locked: true, moves: state.moves + 1}
    }
    case 'unlock':
      return state.locked ? {...state, locked: false} : state
    case 'sync': {
      // Sent when scrolling has ended, so the position is final even inside the lock: this also
      // corrects an index past the page's real end (SECTION_LAST on a page shorter than that).
      const index = clamp(action.index)
      return index === state.index ? state : {...state, index}
    }
  }
}

/**
 * The page offset of a section index. Index 1 is the top of the page so that every tick moves
 * exactly one viewport ("index times the window height", taken literally, would skip the
 * second section on the first tick and never return to the hero).
 */
export function sectionTop(index: number, viewportHeight: number): number {
  return (index - 1) * viewportHeight
}

/**
 * The index of the section nearest a scroll position (after scrollbar or keyboard-focus scrolling).
 */
export function sectionIndexAt(scrollY: number, viewportHeight: number): number {
  return clamp(SECTION_FIRST + Math.round(scrollY / viewportHeight))
}

const KEY_ACTIONS: Record<string, SectionAction> = {
  PageDown: {type: 'step', direction: 1},
  ArrowDown: {type: 'step', direction: 1},
  PageUp: {type: 'step', direction: -1},
  ArrowUp: {type: 'step', direction: -1},
  Home: {type: 'jump', to: 'first'},
  End: {type: 'jump', to: 'last'},
}

/**
 * Focus places where keys and the wheel belong to what has focus or sits on top, not to the page.
 */
const OWN_KEYS =
  'input, textarea, select, [contenteditable], iframe, [role="tablist"], [role="tab"], [role="slider"], [role="listbox"], [role="menu"], [role="dialog"], dialog'
const MODAL = 'dialog[open], [aria-modal="true"]'

/**
 * Whether a modal (the registration popup, the slide menu) is on screen: the wheel and keys
 * then belong to it. A closed menu can stay in the DOM with aria-modal, merely invisible.
 */
function modalShown(): boolean {
  return [...document.querySelectorAll(MODAL)].some((element) =>
    typeof element.checkVisibility === 'function'
      ? element.checkVisibility({visibilityProperty: true})
      : true,
  )
}

function keyAction(event: KeyboardEvent): SectionAction | undefined {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
    return undefined
  const target = event.target
  if (target instanceof Element && target.closest(OWN_KEYS)) return undefined
  if (modalShown()) return undefined
  return KEY_ACTIONS[event.key]
}

/**
 * Whether the page on screen steps through its sections: the home page, on a wide screen, motion
 * welcome.
 */
const stepping = () =>
  document.querySelector(`[${SECTION_STEPS}]`) !== null &&
  window.matchMedia(DESKTOP_QUERY).matches &&
  window.matchMedia(MOTION_OK_QUERY).matches

/**
 * Full-page section scrolling for the desktop home page: one wheel tick or key press moves
 * one section, then input is locked for 500 ms. It runs from the page's first paint, before
 * and after the app's scripts, so that the first tick moves one section whenever it comes.
 * Narrow screens, reduced motion and every other page scroll natively. Answers the function
 * that stops it.
 */
export function stepSectionsByWheel(): () => void {
  const listening = new AbortController()
  const {signal} = listening
  let state = initialSectionState
  /** While a move scrolls the page: the position is then on its way to the state's index. */
  let moving = false

  const dispatch = (action: SectionAction) => {
    const previous = state
    state = sectionReducer(state, action)
    if (state.locked && !previous.locked)
      setTimeout(() => dispatch({type: 'unlock'}), WHEEL_LOCK_MS)
    if (state.moves === previous.moves) return
    const top = sectionTop(state.index, window.innerHeight)
    const bottom = document.documentElement.scrollHeight - window.innerHeight
    moving = Math.round(Math.min(top, bottom)) !== Math.round(window.scrollY)
    window.scrollTo({top, behavior: 'smooth'})
  }
  // Moves start from where the page is, however it got there (scrollbar, focus, a reload
  // half-way down), unless a move is still taking it somewhere.
  const sync = () =>
    dispatch({type: 'sync', index: sectionIndexAt(window.scrollY, window.innerHeight)})
  const step = (action: SectionAction) => {
    if (!moving) sync()
    dispatch(action)
  }

  const onWheel = (event: WheelEvent) => {
    // Pinch-zoom and sideways scrolling stay native.
    if (event.ctrlKey || event.deltaY === 0 || !stepping() || modalShown()) return
    event.preventDefault()
    step({type: 'step', direction: event.deltaY > 0 ? 1 : -1})
  }
  // A wheel listener that may cancel has the browser wait for the page before every wheel
  // scroll: it listens only while the page on screen has sections to step (the page in
  // <main> changes with each client navigation).
  let wheelListened = false
  const listenOnSteppingPage = () => {
    const wanted = document.querySelector(`[${SECTION_STEPS}]`) !== null
    if (wanted === wheelListened) return
    wheelListened = wanted
    if (wanted) window.addEventListener('wheel', onWheel, {passive: false, signal})
    else window.removeEventListener('wheel', onWheel)
  }
  whenParsed(() => {
    listenOnSteppingPage()
    const main = document.getElementById('main')
    if (!main) return
    const pages = new MutationObserver(listenOnSteppingPage)
    pages.observe(main, {childList: true})
    signal.addEventListener('abort', () => pages.disconnect())
  })
  window.addEventListener(
    'keydown',
    (event) => {
      const action = stepping() ? keyAction(event) : undefined
      if (!action) return
      event.preventDefault()
      step(action)
    },
    {signal},
  )
  window.addEventListener(
    'scrollend',
    () => {
      moving = false
      if (stepping()) sync()
    },
    {signal},
  )
  return () => listening.abort()
}

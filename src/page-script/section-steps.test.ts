// @vitest-environment jsdom
import {fireEvent} from '@testing-library/dom'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {DESKTOP_QUERY, MOTION_OK_QUERY} from '#src/lib/media-queries.ts'
import {SECTION_LAST, WHEEL_LOCK_MS, sectionIndexAt, stepSectionsByWheel} from './section-steps.ts'

let scrollTo: ReturnType<typeof vi.fn>
let stop: () => void
/** Media queries that match: both (a wide screen, motion welcome) unless a test says otherwise. */
let matching: Set<string>

/** The section index the last move scrolled to (1 before any move). */
const index = () => {
  const top = (scrollTo.mock.lastCall?.[0] as ScrollToOptions | undefined)?.top ?? 0
  return top / 900 + 1
}
const tick = (deltaY: number) => fireEvent.wheel(window, {deltaY})
const wait = (ms: number) => vi.advanceTimersByTime(ms)
const scrolledTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', {value: y, configurable: true})
  fireEvent(window, new Event('scrollend'))
}

beforeEach(() => {
  vi.useFakeTimers()
  scrollTo = vi.fn()
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo
  Object.defineProperty(window, 'innerHeight', {value: 900, configurable: true})
  Object.defineProperty(window, 'scrollY', {value: 0, configurable: true})
  matching = new Set([DESKTOP_QUERY, MOTION_OK_QUERY])
  window.matchMedia = ((query: string) => ({
    matches: matching.has(query),
  })) as unknown as typeof window.matchMedia
  document.body.innerHTML = `
    <main id="main">
      <div data-section-steps>
        <input aria-label="이름">
        <div role="tablist"><button role="tab">84A</button></div>
      </div>
    </main>`
  stop = stepSectionsByWheel()
})
afterEach(() => {
  stop()
  document.body.innerHTML = ''
  vi.useRealTimers()
})

describe('stepSectionsByWheel', () => {
  it('moves one section per tick, scrolling smoothly to it', () => {
    tick(120)
    expect(index()).toBe(2)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 900, behavior: 'smooth'})
  })

  it('swallows ticks for 500 ms after a move, then moves again', () => {
    tick(120)
    wait(WHEEL_LOCK_MS - 1)
    tick(120)
    expect(scrollTo).toHaveBeenCalledTimes(1)
    wait(1)
    tick(120)
    expect(index()).toBe(3)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 1800, behavior: 'smooth'})
  })

  it('moves up on a negative tick and never leaves the 1 to 8.5 range', () => {
    tick(-120)
    expect(scrollTo).not.toHaveBeenCalled()
    for (let i = 0; i < 12; i++) {
      wait(WHEEL_LOCK_MS)
      tick(100)
    }
    expect(index()).toBe(SECTION_LAST)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 7.5 * 900, behavior: 'smooth'})
    wait(WHEEL_LOCK_MS)
    tick(-100)
    expect(index()).toBe(7.5)
    for (let i = 0; i < 12; i++) {
      wait(WHEEL_LOCK_MS)
      tick(-100)
    }
    expect(index()).toBe(1)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 0, behavior: 'smooth'})
  })

  it('cancels the native scroll of a tick, but not of a pinch-zoom or a sideways scroll', () => {
    expect(fireEvent.wheel(window, {deltaY: 100})).toBe(false)
    expect(fireEvent.wheel(window, {deltaY: 100, ctrlKey: true})).toBe(true)
    expect(fireEvent.wheel(window, {deltaX: 100, deltaY: 0})).toBe(true)
  })

  it('moves with Page Down/Up, arrows and Home/End, under the same lock', () => {
    fireEvent.keyDown(document.body, {key: 'PageDown'})
    expect(index()).toBe(2)
    fireEvent.keyDown(document.body, {key: 'ArrowDown'})
    expect(index()).toBe(2)
    wait(WHEEL_LOCK_MS)
    fireEvent.keyDown(document.body, {key: 'End'})
    expect(index()).toBe(SECTION_LAST)
    wait(WHEEL_LOCK_MS)
    fireEvent.keyDown(document.body, {key: 'ArrowUp'})
    expect(index()).toBe(7.5)
    wait(WHEEL_LOCK_MS)
    fireEvent.keyDown(document.body, {key: 'Home'})
    expect(index()).toBe(1)
  })

  it('leaves keys alone in form fields, tabs and with modifiers', () => {
    fireEvent.keyDown(document.querySelector('input')!, {key: 'ArrowDown'})
    fireEvent.keyDown(document.querySelector('[role="tab"]')!, {key: 'End'})
    fireEvent.keyDown(document.body, {key: 'ArrowDown', altKey: true})
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('leaves the wheel and keys to the browser on narrow screens, under reduced motion and on other pages', () => {
    matching.delete(DESKTOP_QUERY)
    expect(tick(100)).toBe(true)
    matching.add(DESKTOP_QUERY)
    matching.delete(MOTION_OK_QUERY)
    expect(tick(100)).toBe(true)
    matching.add(MOTION_OK_QUERY)
    document.querySelector('[data-section-steps]')!.removeAttribute('data-section-steps')
    expect(tick(100)).toBe(true)
    fireEvent.keyDown(document.body, {key: 'PageDown'})
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('listens to the wheel only while a page with sections is on screen, so other pages scroll without waiting for it', async () => {
    const cancellable = () => {
      const tick = new WheelEvent('wheel', {deltaY: 100, cancelable: true})
      window.dispatchEvent(tick)
      return tick.defaultPrevented
    }
    const removed = vi.spyOn(window, 'removeEventListener')
    const added = vi.spyOn(window, 'addEventListener')
    document.getElementById('main')!.innerHTML = '<h1>브랜드 소개</h1>'
    await vi.advanceTimersByTimeAsync(0)
    expect(removed).toHaveBeenCalledWith('wheel', expect.any(Function))
    expect(cancellable()).toBe(false)
    document.getElementById('main')!.innerHTML = '<div data-section-steps></div>'
    await vi.advanceTimersByTimeAsync(0)
    expect(added).toHaveBeenCalledWith(
      'wheel',
      expect.any(Function),
      expect.objectContaining({passive: false}),
    )
    expect(cancellable()).toBe(true)
    vi.restoreAllMocks()
  })

  it('ignores the wheel while a modal dialog is open', () => {
    const dialog = document.createElement('div')
    dialog.setAttribute('aria-modal', 'true')
    document.body.append(dialog)
    expect(tick(100)).toBe(true)
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('continues from where the visitor scrolled by other means', () => {
    scrolledTo(2700)
    tick(100)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 3600, behavior: 'smooth'})
  })

  it('starts from where a page reloaded half-way down rests', () => {
    Object.defineProperty(window, 'scrollY', {value: 1800, configurable: true})
    tick(-100)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 900, behavior: 'smooth'})
  })

  it('takes the real end of a page shorter than 8.5 sections when End scrolling stops there', () => {
    fireEvent.keyDown(document.body, {key: 'End'})
    expect(index()).toBe(SECTION_LAST)
    scrolledTo(5800)
    wait(WHEEL_LOCK_MS)
    tick(-100)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 4500, behavior: 'smooth'})
  })

  it('stops when asked', () => {
    stop()
    expect(tick(100)).toBe(true)
    expect(scrollTo).not.toHaveBeenCalled()
  })
})

describe('sectionIndexAt', () => {
  it('rounds to the nearest section within bounds', () => {
    expect(sectionIndexAt(0, 900)).toBe(1)
    expect(sectionIndexAt(1300, 900)).toBe(2)
    expect(sectionIndexAt(1400, 900)).toBe(3)
    expect(sectionIndexAt(90_000, 900)).toBe(SECTION_LAST)
  })
})

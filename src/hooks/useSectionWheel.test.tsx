// @vitest-environment jsdom
import {act, cleanup, fireEvent, render, screen} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {SECTION_LAST, WHEEL_LOCK_MS, sectionIndexAt, useSectionWheel} from './useSectionWheel'

function Probe({enabled = true}: {enabled?: boolean}) {
  const index = useSectionWheel(enabled)
  return (
    <div>
      <output>{index}</output>
      <input aria-label="이름" />
      <div role="tablist">
        <button role="tab">84A</button>
      </div>
    </div>
  )
}

const index = () => Number(screen.getByRole('status').textContent)
const tick = (deltaY: number) => fireEvent.wheel(window, {deltaY})
let scrollTo: ReturnType<typeof vi.fn>

beforeEach(() => {
  vi.useFakeTimers()
  scrollTo = vi.fn()
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo
  Object.defineProperty(window, 'innerHeight', {value: 900, configurable: true})
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useSectionWheel', () => {
  it('starts at section 1 and moves one section per tick, scrolling smoothly to it', () => {
    render(<Probe />)
    expect(index()).toBe(1)
    tick(120)
    expect(index()).toBe(2)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 900, behavior: 'smooth'})
  })

  it('swallows ticks for 500 ms after a move, then moves again', () => {
    render(<Probe />)
    tick(120)
    act(() => vi.advanceTimersByTime(WHEEL_LOCK_MS - 1))
    tick(120)
    expect(index()).toBe(2)
    expect(scrollTo).toHaveBeenCalledTimes(1)
    act(() => vi.advanceTimersByTime(1))
    tick(120)
    expect(index()).toBe(3)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 1800, behavior: 'smooth'})
  })

  it('moves up on a negative tick and never leaves the 1 to 8.5 range', () => {
    render(<Probe />)
    tick(-120)
    expect(index()).toBe(1)
    expect(scrollTo).not.toHaveBeenCalled()
    for (let i = 0; i < 12; i++) {
      act(() => vi.advanceTimersByTime(WHEEL_LOCK_MS))
      tick(100)
    }
    expect(index()).toBe(SECTION_LAST)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 7.5 * 900, behavior: 'smooth'})
    act(() => vi.advanceTimersByTime(WHEEL_LOCK_MS))
    tick(-100)
    expect(index()).toBe(7.5)
    for (let i = 0; i < 12; i++) {
      act(() => vi.advanceTimersByTime(WHEEL_LOCK_MS))
      tick(-100)
    }
    expect(index()).toBe(1)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 0, behavior: 'smooth'})
  })

  it('cancels the native scroll of a tick, but not of a pinch-zoom', () => {
    render(<Probe />)
    expect(fireEvent.wheel(window, {deltaY: 100})).toBe(false)
    expect(fireEvent.wheel(window, {deltaY: 100, ctrlKey: true})).toBe(true)
  })

  it('moves with Page Down/Up, arrows and Home/End, under the same lock', () => {
    render(<Probe />)
    fireEvent.keyDown(document.body, {key: 'PageDown'})
    expect(index()).toBe(2)
    fireEvent.keyDown(document.body, {key: 'ArrowDown'})
    expect(index()).toBe(2)
    act(() => vi.advanceTimersByTime(WHEEL_LOCK_MS))
    fireEvent.keyDown(document.body, {key: 'End'})
    expect(index()).toBe(SECTION_LAST)
    act(() => vi.advanceTimersByTime(WHEEL_LOCK_MS))
    fireEvent.keyDown(document.body, {key: 'ArrowUp'})
    expect(index()).toBe(7.5)
    act(() => vi.advanceTimersByTime(WHEEL_LOCK_MS))
    fireEvent.keyDown(document.body, {key: 'Home'})
    expect(index()).toBe(1)
  })

  it('leaves keys alone in form fields, tabs and with modifiers', () => {
    render(<Probe />)
    fireEvent.keyDown(screen.getByRole('textbox'), {key: 'ArrowDown'})
    fireEvent.keyDown(screen.getByRole('tab'), {key: 'End'})
    fireEvent.keyDown(document.body, {key: 'ArrowDown', altKey: true})
    expect(index()).toBe(1)
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('does nothing while disabled (narrow screens, reduced motion)', () => {
    render(<Probe enabled={false} />)
    expect(fireEvent.wheel(window, {deltaY: 100})).toBe(true)
    fireEvent.keyDown(document.body, {key: 'PageDown'})
    expect(index()).toBe(1)
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('ignores the wheel while a modal dialog is open', () => {
    render(<Probe />)
    const dialog = document.createElement('div')
    dialog.setAttribute('aria-modal', 'true')
    document.body.append(dialog)
    expect(fireEvent.wheel(window, {deltaY: 100})).toBe(true)
    expect(index()).toBe(1)
    dialog.remove()
  })

  it('continues from where the visitor scrolled by other means', () => {
    render(<Probe />)
    Object.defineProperty(window, 'scrollY', {value: 2700, configurable: true})
    fireEvent(window, new Event('scrollend'))
    expect(index()).toBe(4)
    tick(100)
    expect(index()).toBe(5)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 3600, behavior: 'smooth'})
    Object.defineProperty(window, 'scrollY', {value: 0, configurable: true})
  })

  it('takes the real end of a page shorter than 8.5 sections when End scrolling stops there', () => {
    render(<Probe />)
    fireEvent.keyDown(document.body, {key: 'End'})
    expect(index()).toBe(SECTION_LAST)
    Object.defineProperty(window, 'scrollY', {value: 5800, configurable: true})
    fireEvent(window, new Event('scrollend'))
    expect(index()).toBe(7)
    act(() => vi.advanceTimersByTime(WHEEL_LOCK_MS))
    tick(-100)
    expect(index()).toBe(6)
    expect(scrollTo).toHaveBeenLastCalledWith({top: 4500, behavior: 'smooth'})
    Object.defineProperty(window, 'scrollY', {value: 0, configurable: true})
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

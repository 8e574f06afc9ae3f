// @vitest-environment jsdom
import {act, cleanup, fireEvent, render, screen} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {SLIDE_INTERVAL_MS, useSlider} from './useSlider.ts'

function Probe({active = true, motionOk = true}: {active?: boolean; motionOk?: boolean}) {
  const slider = useSlider(7, {active, motionOk})
  return (
    <section aria-label="슬라이더" {...slider.regionProps}>
      <output>{slider.index}</output>
      <button onClick={() => slider.select(4)}>5번</button>
      <button onClick={slider.toggleStopped}>{slider.stopped ? '재생' : '정지'}</button>
    </section>
  )
}

const index = () => Number(screen.getByRole('status').textContent)
const region = () => screen.getByRole('region')
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))
const swipe = (from: number, to: number) => {
  fireEvent.touchStart(region(), {touches: [{clientX: from}]})
  fireEvent.touchEnd(region(), {changedTouches: [{clientX: to}]})
}
let visibility: DocumentVisibilityState = 'visible'

beforeEach(() => {
  vi.useFakeTimers()
  visibility = 'visible'
  Object.defineProperty(document, 'visibilityState', {get: () => visibility, configurable: true})
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useSlider', () => {
  it('advances every 6000 ms and wraps after the 7th slide', () => {
    render(<Probe />)
    wait(SLIDE_INTERVAL_MS - 1)
    expect(index()).toBe(0)
    wait(1)
    expect(index()).toBe(1)
    for (let slide = 2; slide <= 6; slide++) {
      wait(SLIDE_INTERVAL_MS)
      expect(index()).toBe(slide)
    }
    wait(SLIDE_INTERVAL_MS)
    expect(index()).toBe(0)
  })

  it('moves on a swipe of at least 50 px, either way, and not on a shorter one', () => {
    render(<Probe />)
    swipe(200, 151)
    expect(index()).toBe(0)
    swipe(200, 150)
    expect(index()).toBe(1)
    swipe(100, 150)
    expect(index()).toBe(0)
    swipe(100, 150)
    expect(index()).toBe(6)
  })

  it('restarts the countdown after a dot is chosen', () => {
    render(<Probe />)
    wait(4000)
    fireEvent.click(screen.getByRole('button', {name: '5번'}))
    fireEvent.blur(screen.getByRole('button', {name: '5번'}))
    expect(index()).toBe(4)
    wait(SLIDE_INTERVAL_MS - 1)
    expect(index()).toBe(4)
    wait(1)
    expect(index()).toBe(5)
  })

  it('pauses while hovered or focused', () => {
    render(<Probe />)
    fireEvent.mouseEnter(region())
    wait(SLIDE_INTERVAL_MS * 2)
    expect(index()).toBe(0)
    fireEvent.mouseLeave(region())
    fireEvent.focus(screen.getByRole('button', {name: '5번'}))
    wait(SLIDE_INTERVAL_MS * 2)
    expect(index()).toBe(0)
    fireEvent.blur(screen.getByRole('button', {name: '5번'}))
    wait(SLIDE_INTERVAL_MS)
    expect(index()).toBe(1)
  })

  it('pauses while the browser tab is hidden', () => {
    render(<Probe />)
    visibility = 'hidden'
    fireEvent(document, new Event('visibilitychange'))
    wait(SLIDE_INTERVAL_MS * 2)
    expect(index()).toBe(0)
    visibility = 'visible'
    fireEvent(document, new Event('visibilitychange'))
    wait(SLIDE_INTERVAL_MS)
    expect(index()).toBe(1)
  })

  it('stays still when stopped, when not shown and under reduced motion, but still swipes', () => {
    const {rerender} = render(<Probe active={false} />)
    wait(SLIDE_INTERVAL_MS * 2)
    expect(index()).toBe(0)
    rerender(<Probe motionOk={false} />)
    wait(SLIDE_INTERVAL_MS * 2)
    expect(index()).toBe(0)
    swipe(200, 100)
    expect(index()).toBe(1)
    rerender(<Probe />)
    fireEvent.click(screen.getByRole('button', {name: '정지'}))
    fireEvent.blur(screen.getByRole('button', {name: '재생'}))
    wait(SLIDE_INTERVAL_MS * 2)
    expect(index()).toBe(1)
  })
})

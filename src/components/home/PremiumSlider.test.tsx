// @vitest-environment jsdom
import {act, cleanup, fireEvent, render, screen} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {PremiumSlider} from './PremiumSlider.tsx'

const slides = Array.from({length: 7}, (_, index) => ({
  _id: `s${index}`,
  title: `슬라이드 ${index + 1}`,
  description: '설명',
}))
const current = () =>
  screen
    .getAllByRole('button', {name: /번째 슬라이드 보기/})
    .findIndex((dot) => dot.getAttribute('aria-current') === 'true')
const shownSlide = () =>
  screen
    .getAllByRole('group', {hidden: true})
    .filter((g) => g.getAttribute('aria-hidden') === 'false')
    .map((g) => g.getAttribute('aria-label'))

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('PremiumSlider', () => {
  it('shows one of seven slides and moves to the chosen dot', () => {
    render(<PremiumSlider slides={slides} active motionOk />)
    expect(screen.getAllByRole('button', {name: /번째 슬라이드 보기/})).toHaveLength(7)
    expect(shownSlide()).toEqual(['1 / 7'])
    fireEvent.click(screen.getByRole('button', {name: '4번째 슬라이드 보기'}))
    expect(current()).toBe(3)
    expect(shownSlide()).toEqual(['4 / 7'])
  })

  it('advances by itself every 6000 ms until stopped with its button', () => {
    render(<PremiumSlider slides={slides} active motionOk />)
    act(() => vi.advanceTimersByTime(6000))
    expect(current()).toBe(1)
    const stop = screen.getByRole('button', {name: '자동 넘김 멈춤'})
    fireEvent.click(stop)
    fireEvent.blur(stop)
    act(() => vi.advanceTimersByTime(18_000))
    expect(current()).toBe(1)
    expect(screen.getByRole('button', {name: '자동 넘김 시작'})).toBeTruthy()
  })

  it('does not rotate or offer the stop button under reduced motion', () => {
    render(<PremiumSlider slides={slides} active motionOk={false} />)
    act(() => vi.advanceTimersByTime(18_000))
    expect(current()).toBe(0)
    expect(screen.queryByRole('button', {name: '자동 넘김 멈춤'})).toBeNull()
  })
})

// @vitest-environment jsdom
import {act, cleanup, fireEvent, render, screen} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {SWITCHER_FADE_MS, useSwitcher} from './useSwitcher.ts'

const TYPES = ['84A', '84B', '84C']

function Probe() {
  const s = useSwitcher(TYPES.length)
  return (
    <>
      <button disabled={!s.canPrev} onClick={s.prev}>
        이전
      </button>
      <button disabled={!s.canNext} onClick={s.next}>
        다음
      </button>
      <button onClick={() => s.select(2)}>84C 선택</button>
      <p data-testid="shown">{TYPES[s.index]}</p>
      <p data-testid="leaving">{s.leaving === null ? '' : TYPES[s.leaving]}</p>
    </>
  )
}

const shown = () => screen.getByTestId('shown').textContent
const leaving = () => screen.getByTestId('leaving').textContent
const button = (name: string) => screen.getByRole('button', {name})

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useSwitcher', () => {
  it('starts at the first type with only the next arrow enabled', () => {
    render(<Probe />)
    expect(shown()).toBe('84A')
    expect(button('이전')).toHaveProperty('disabled', true)
    expect(button('다음')).toHaveProperty('disabled', false)
  })

  it('steps to the last type, where the next arrow is disabled, and back', () => {
    render(<Probe />)
    fireEvent.click(button('다음'))
    fireEvent.click(button('다음'))
    expect(shown()).toBe('84C')
    expect(button('다음')).toHaveProperty('disabled', true)
    expect(button('이전')).toHaveProperty('disabled', false)
    fireEvent.click(button('이전'))
    expect(shown()).toBe('84B')
  })

  it('keeps the previous image for the 500 ms fade, then drops it', () => {
    render(<Probe />)
    fireEvent.click(button('84C 선택'))
    expect(shown()).toBe('84C')
    expect(leaving()).toBe('84A')
    act(() => vi.advanceTimersByTime(SWITCHER_FADE_MS - 1))
    expect(leaving()).toBe('84A')
    act(() => vi.advanceTimersByTime(1))
    expect(leaving()).toBe('')
  })
})

import {describe, expect, it} from 'vitest'
import {
  clampScale,
  distance,
  keyScale,
  MAX_SCALE,
  MIN_SCALE,
  pinchScale,
  stepScale,
  wheelScale,
} from './zoom.ts'

describe('picture zoom', () => {
  it('keeps the scale between fitted and four times', () => {
    expect(clampScale(0.2)).toBe(MIN_SCALE)
    expect(clampScale(9)).toBe(MAX_SCALE)
    expect(clampScale(2.5)).toBe(2.5)
    expect(clampScale(Number.NaN)).toBe(MIN_SCALE)
  })

  it('steps half a level per button press and stops at the bounds', () => {
    expect(stepScale(1, 1)).toBe(1.5)
    expect(stepScale(1.5, -1)).toBe(1)
    expect(stepScale(1, -1)).toBe(1)
    expect(stepScale(3.8, 1)).toBe(MAX_SCALE)
  })

  it('zooms in on wheel up and out on wheel down, by the distance turned', () => {
    expect(wheelScale(1, -100)).toBeCloseTo(Math.exp(0.2))
    expect(wheelScale(2, 100)).toBeCloseTo(2 * Math.exp(-0.2))
    expect(wheelScale(2, -10)).toBeLessThan(wheelScale(2, -100))
    expect(wheelScale(1, 100)).toBe(MIN_SCALE)
  })

  it('follows the fingers while pinching', () => {
    expect(pinchScale(1, 100, 200)).toBe(2)
    expect(pinchScale(2, 200, 100)).toBe(1)
    expect(pinchScale(1.5, 0, 50)).toBe(1.5)
    expect(distance({x: 0, y: 0}, {x: 3, y: 4})).toBe(5)
  })

  it('zooms with the + and − keys like the buttons, and fits the picture again on 0', () => {
    expect(keyScale(1, '+')).toBe(1.5)
    expect(keyScale(1, '=')).toBe(1.5)
    expect(keyScale(2, '-')).toBe(1.5)
    expect(keyScale(3, '0')).toBe(MIN_SCALE)
    expect(keyScale(MAX_SCALE, '+')).toBe(MAX_SCALE)
    expect(keyScale(2, 'ArrowDown')).toBeNull()
    expect(keyScale(2, 'a')).toBeNull()
  })
})

import {describe, expect, it} from 'vitest'
import {idleLimitS} from './idle-limit.ts'

describe('the staff idle limit', () => {
  it('is 30 minutes unless STAFF_IDLE_MINUTES says otherwise, from 2 to 60', () => {
    expect(idleLimitS({})).toBe(1800)
    expect(idleLimitS({STAFF_IDLE_MINUTES: '15'})).toBe(900)
    expect(idleLimitS({STAFF_IDLE_MINUTES: '2'})).toBe(120)
    expect(idleLimitS({STAFF_IDLE_MINUTES: '60'})).toBe(3600)
  })

  it('refuses a value outside 2 to 60, or no number, naming the variable', () => {
    for (const wrong of ['1', '600', 'soon'])
      expect(() => idleLimitS({STAFF_IDLE_MINUTES: wrong})).toThrow(
        /STAFF_IDLE_MINUTES: expected a whole number from 2 to 60/,
      )
  })
})

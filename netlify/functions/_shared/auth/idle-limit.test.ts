import {describe, expect, it} from 'vitest'
import {idleLimitS} from './idle-limit.ts'

describe('the staff idle limit', () => {
  it('is 30 minutes unless STAFF_IDLE_MINUTES says otherwise, held between 2 and 60', () => {
    expect(idleLimitS({})).toBe(1800)
    expect(idleLimitS({STAFF_IDLE_MINUTES: '15'})).toBe(900)
    expect(idleLimitS({STAFF_IDLE_MINUTES: '1'})).toBe(120)
    expect(idleLimitS({STAFF_IDLE_MINUTES: '600'})).toBe(3600)
    expect(idleLimitS({STAFF_IDLE_MINUTES: 'soon'})).toBe(1800)
  })
})

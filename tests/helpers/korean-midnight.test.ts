import {describe, expect, it} from 'vitest'
import {MIDNIGHT_GUARD_MS, waitForOneKoreanDay} from './korean-midnight.ts'

/** The instant of a time in Korea, written as Korea writes it. */
const seoul = (dateTime: string) => Date.parse(`${dateTime}+09:00`)

describe('waitForOneKoreanDay', () => {
  it('lets a test start at once when the Korean day has more than the guard left', () => {
    expect(waitForOneKoreanDay(seoul('2026-12-01T14:00:00'))).toBe(0)
    expect(waitForOneKoreanDay(seoul('2026-12-01T00:00:00'))).toBe(0)
    expect(waitForOneKoreanDay(seoul('2026-12-01T23:56:59'))).toBe(0)
  })

  it('holds a test started close to a Korean midnight until just after it', () => {
    const now = seoul('2026-12-01T23:59:30')
    expect(now + waitForOneKoreanDay(now)).toBe(seoul('2026-12-02T00:00:01'))
    const edge = seoul('2026-12-02T00:00:00') - MIDNIGHT_GUARD_MS
    expect(edge + waitForOneKoreanDay(edge)).toBe(seoul('2026-12-02T00:00:01'))
  })

  it('follows Korea, not the machine: UTC midnight is nothing to it', () => {
    expect(waitForOneKoreanDay(Date.parse('2026-12-01T23:59:30Z'))).toBe(0)
    expect(waitForOneKoreanDay(Date.parse('2026-12-01T14:59:30Z'))).toBe(31_000)
  })
})

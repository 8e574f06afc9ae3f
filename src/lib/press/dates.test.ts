import {describe, expect, it} from 'vitest'
import {formatListDate, formatPostDateTime} from './dates.ts'

describe('press dates', () => {
  it('shows the list date in Korea, where it may already be the next day', () => {
    expect(formatListDate('2026-11-21T06:05:00.000Z')).toBe('2026.11.21')
    expect(formatListDate('2026-11-21T16:00:00.000Z')).toBe('2026.11.22')
  })

  it('shows the post date and time in Korean with 오전/오후 and a 12-hour clock', () => {
    expect(formatPostDateTime('2026-11-21T06:05:00.000Z')).toBe('2026년 11월 21일 오후 3:05')
    expect(formatPostDateTime('2026-01-02T00:30:00.000Z')).toBe('2026년 1월 2일 오전 9:30')
    expect(formatPostDateTime('2026-01-01T15:00:00.000Z')).toBe('2026년 1월 2일 오전 12:00')
    expect(formatPostDateTime('2026-01-02T03:07:00.000Z')).toBe('2026년 1월 2일 오후 12:07')
  })
})

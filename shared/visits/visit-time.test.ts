import {describe, expect, it} from 'vitest'
import {
  formatVisitAt,
  formatVisitAtInText,
  formatVisitClock,
  formatVisitDay,
  parseVisitAt,
  writeVisitAt,
} from './visit-time.ts'

const FRIDAY_2PM = Date.parse('2026-11-27T05:00:00Z')

describe('a visit time on the wire', () => {
  it('reads the exact form as its instant and writes the instant back the same', () => {
    expect(parseVisitAt('2026-11-27T14:00:00+09:00')).toBe(FRIDAY_2PM)
    expect(writeVisitAt(FRIDAY_2PM)).toBe('2026-11-27T14:00:00+09:00')
    // Korea's midnight is the day before in UTC.
    expect(writeVisitAt(Date.parse('2026-12-31T15:30:00Z'))).toBe('2027-01-01T00:30:00+09:00')
  })

  it.each([
    ['another offset', '2026-11-27T05:00:00Z'],
    ['no offset', '2026-11-27T14:00:00'],
    ['seconds', '2026-11-27T14:00:30+09:00'],
    ['a space for the T', '2026-11-27 14:00:00+09:00'],
    ['a day the calendar lacks', '2026-02-30T10:00:00+09:00'],
    ['an hour past 23', '2026-11-27T24:00:00+09:00'],
    ['a minute past 59', '2026-11-27T10:60:00+09:00'],
    ['a number', FRIDAY_2PM],
    ['nothing', undefined],
  ])('refuses %s', (_, value) => {
    expect(parseVisitAt(value)).toBeNull()
  })
})

describe('a visit time as people read it', () => {
  it('writes the pages’ form, the texts’ form and the slot’s clock from an instant or the wire form', () => {
    for (const at of [FRIDAY_2PM, '2026-11-27T14:00:00+09:00']) {
      expect(formatVisitAt(at)).toBe('11월 27일 (금) 14:00')
      expect(formatVisitAtInText(at)).toBe('11월 27일(금) 14:00')
      expect(formatVisitClock(at)).toBe('14:00')
    }
    expect(formatVisitAtInText(Date.parse('2026-12-31T15:30:00Z'))).toBe('1월 1일(금) 00:30')
  })

  it('writes a day with its weekday, as the pages’ form begins', () => {
    expect(formatVisitDay('2026-11-27')).toBe('11월 27일 (금)')
    expect(formatVisitAt(FRIDAY_2PM).startsWith(formatVisitDay('2026-11-27'))).toBe(true)
  })

  it('writes nothing for a time not in the wire form', () => {
    expect(formatVisitAt('2026-11-27 14:00')).toBe('')
    expect(formatVisitClock('soon')).toBe('')
  })
})

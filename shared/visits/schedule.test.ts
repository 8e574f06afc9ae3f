import {describe, expect, it} from 'vitest'
import {holidaysBetween, KOREAN_HOLIDAYS} from './holidays.ts'
import {
  checkSlot,
  closedDays,
  closedReason,
  daySlots,
  mostSlotsInADay,
  slotGrid,
  type VisitSchedule,
} from './schedule.ts'
import {writeVisitAt} from './visit-time.ts'

/** Tuesday to Sunday 10:00–18:00, Monday closed (the seed's model house). */
const SCHEDULE: VisitSchedule = {
  hours: [0, 2, 3, 4, 5, 6].map((weekday) => ({weekday, opens: '10:00', closes: '18:00'})),
  closedDates: ['2026-12-02'],
  slotMinutes: 30,
  capacity: 4,
  bookingDays: 14,
  cutoffMinutes: 60,
  openOnHolidays: false,
}
/** Thursday 26 November 2026, 09:30 in Seoul. */
const NOW = Date.parse('2026-11-26T09:30:00+09:00')
const HOLIDAYS = {'2026-12-25': ['기독탄신일']}

const check = (start: unknown, schedule = SCHEDULE, now = NOW) =>
  checkSlot(schedule, start, now, HOLIDAYS)

describe('the slot grid', () => {
  it('starts every slot length from opening, the last one ending at closing', () => {
    const day = daySlots(SCHEDULE, '2026-11-27', HOLIDAYS).map(writeVisitAt)
    expect(day).toHaveLength(16)
    expect(day[0]).toBe('2026-11-27T10:00:00+09:00')
    expect(day.at(-1)).toBe('2026-11-27T17:30:00+09:00')
  })

  it('counts the slots of the fullest weekday, overlapping ranges once', () => {
    expect(mostSlotsInADay(SCHEDULE)).toBe(16)
    // Saturday: 10:00–18:00 and 13:00–20:00, four slots more than the other days.
    const saturday = {weekday: 6, opens: '13:00', closes: '20:00'}
    expect(mostSlotsInADay({...SCHEDULE, hours: [...SCHEDULE.hours, saturday]})).toBe(20)
    expect(mostSlotsInADay({hours: [], slotMinutes: 30})).toBe(0)
  })

  it('has no slots on a closed weekday, a closed date, or a holiday it does not open on', () => {
    expect(daySlots(SCHEDULE, '2026-11-30', HOLIDAYS)).toEqual([]) // Monday
    expect(daySlots(SCHEDULE, '2026-12-02', HOLIDAYS)).toEqual([])
    expect(daySlots(SCHEDULE, '2026-12-25', HOLIDAYS)).toEqual([])
    expect(daySlots({...SCHEDULE, openOnHolidays: true}, '2026-12-25', HOLIDAYS)).toHaveLength(16)
  })

  it('leaves out what is inside the cut-off and what lies beyond the booking window', () => {
    const grid = slotGrid(SCHEDULE, {now: NOW, from: '2026-11-26', days: 31, holidays: HOLIDAYS})
    // 09:30 plus an hour: the first slot today is 10:30.
    expect(writeVisitAt(grid[0]!)).toBe('2026-11-26T10:30:00+09:00')
    // Fourteen days from Thursday the 26th end on Wednesday 9 December.
    expect(writeVisitAt(grid.at(-1)!)).toBe('2026-12-09T17:30:00+09:00')
    // 11 open days (two Mondays and 2 December closed), today's 15 slots, 10 full days.
    expect(grid).toHaveLength(15 + 10 * 16)
  })

  it('is the same whatever the server clock’s zone: Korea has no daylight saving', () => {
    const summer = Date.parse('2026-07-01T09:30:00+09:00')
    const grid = slotGrid(SCHEDULE, {now: summer, from: '2026-07-01', days: 1, holidays: {}})
    expect(writeVisitAt(grid[0]!)).toBe('2026-07-01T10:30:00+09:00')
  })

  it('serves several opening ranges of one weekday (a lunch break)', () => {
    const split: VisitSchedule = {
      ...SCHEDULE,
      slotMinutes: 60,
      hours: [
        {weekday: 5, opens: '10:00', closes: '12:00'},
        {weekday: 5, opens: '13:00', closes: '15:00'},
      ],
    }
    expect(daySlots(split, '2026-11-27', {}).map(writeVisitAt)).toEqual([
      '2026-11-27T10:00:00+09:00',
      '2026-11-27T11:00:00+09:00',
      '2026-11-27T13:00:00+09:00',
      '2026-11-27T14:00:00+09:00',
    ])
  })
})

describe('closed days', () => {
  it('names why the house stays closed: its own date first, then a holiday, then the weekday', () => {
    expect(closedReason(SCHEDULE, '2026-11-27', HOLIDAYS)).toBeNull()
    expect(closedReason(SCHEDULE, '2026-11-30', HOLIDAYS)).toBe('weekday')
    expect(closedReason(SCHEDULE, '2026-12-02', HOLIDAYS)).toBe('closedDate')
    expect(closedReason(SCHEDULE, '2026-12-25', HOLIDAYS)).toBe('holiday')
    expect(closedReason({...SCHEDULE, openOnHolidays: true}, '2026-12-25', HOLIDAYS)).toBeNull()
    // A holiday on a closed weekday is named for the holiday.
    expect(closedReason(SCHEDULE, '2026-12-28', {'2026-12-28': ['대체공휴일']})).toBe('holiday')
  })

  it('lists those of the booking window only, from today', () => {
    expect(
      closedDays(SCHEDULE, {now: NOW, from: '2026-11-20', days: 31, holidays: HOLIDAYS}),
    ).toEqual([
      {date: '2026-11-30', reason: 'weekday'},
      {date: '2026-12-02', reason: 'closedDate'},
      {date: '2026-12-07', reason: 'weekday'},
    ])
  })
})

describe('checking a requested start', () => {
  it('takes a start on the grid', () => {
    expect(check('2026-11-27T10:00:00+09:00')).toEqual({
      ok: true,
      visitAt: Date.parse('2026-11-27T01:00:00Z'),
    })
  })

  it.each([
    ['2026-11-27T10:00:00Z', 'invalid'],
    ['2026-11-27 10:00', 'invalid'],
    ['2026-02-30T10:00:00+09:00', 'invalid'],
    [1764205200000, 'invalid'],
    ['2026-11-26T09:00:00+09:00', 'past'],
    ['2026-11-26T10:00:00+09:00', 'cutoff'],
    ['2026-12-10T10:00:00+09:00', 'beyond'],
    ['2026-11-30T10:00:00+09:00', 'closed'],
    ['2026-12-02T10:00:00+09:00', 'closed'],
    ['2026-11-27T10:15:00+09:00', 'offGrid'],
    ['2026-11-27T17:45:00+09:00', 'offGrid'],
    ['2026-11-27T18:00:00+09:00', 'offGrid'],
  ])('refuses %s as %s', (start, problem) => {
    expect(check(start)).toEqual({ok: false, problem})
  })

  it('refuses a holiday the house does not open on', () => {
    const now = Date.parse('2026-12-20T09:00:00+09:00')
    expect(check('2026-12-25T10:00:00+09:00', SCHEDULE, now)).toEqual({
      ok: false,
      problem: 'closed',
    })
  })

  it('refuses a start of another site’s grid (hourly slots from 11:00)', () => {
    const other = {
      ...SCHEDULE,
      slotMinutes: 60,
      hours: [{weekday: 5, opens: '11:00', closes: '17:00'}],
    }
    expect(check('2026-11-27T10:30:00+09:00', other)).toEqual({ok: false, problem: 'offGrid'})
    expect(check('2026-11-27T11:00:00+09:00', other).ok).toBe(true)
  })
})

describe('holidays', () => {
  it('come from the gazette’s list, in order', () => {
    expect(KOREAN_HOLIDAYS['2026-12-25']).toEqual(['기독탄신일'])
    expect(holidaysBetween('2026-12-01', '2027-01-01')).toEqual([
      {date: '2026-12-25', name: '기독탄신일'},
      {date: '2027-01-01', name: '1월 1일'},
    ])
  })
})

import {describe, expect, it} from 'vitest'
import {closedReasonText, groupSlotsByDay} from './slots.ts'

describe('groupSlotsByDay', () => {
  it('puts the closed days among the open ones in date order, holidays named', () => {
    const days = groupSlotsByDay(
      [
        {start: '2026-11-29T10:00:00+09:00', remaining: 1},
        {start: '2026-11-29T10:30:00+09:00', remaining: 0},
        {start: '2026-12-01T10:00:00+09:00', remaining: 4},
      ],
      {'2026-12-03': '개천절'},
      {'2026-12-03': 'holiday', '2026-11-30': 'weekday'},
    )
    expect(days.map(({date, closed, holiday}) => ({date, closed, holiday}))).toEqual([
      {date: '2026-11-29', closed: undefined, holiday: undefined},
      {date: '2026-11-30', closed: 'weekday', holiday: undefined},
      {date: '2026-12-01', closed: undefined, holiday: undefined},
      {date: '2026-12-03', closed: 'holiday', holiday: '개천절'},
    ])
    expect(days[0]!.slots).toHaveLength(2)
    expect(days[1]!.slots).toEqual([])
  })

  it('says why a day is closed', () => {
    expect(closedReasonText({date: '2026-11-30', slots: [], closed: 'weekday'})).toBe(
      '매주 월요일 휴관',
    )
    expect(
      closedReasonText({date: '2026-12-25', slots: [], closed: 'holiday', holiday: '기독탄신일'}),
    ).toBe('기독탄신일 공휴일 휴관')
    expect(closedReasonText({date: '2026-12-31', slots: [], closed: 'closedDate'})).toBe(
      '임시 휴관',
    )
  })
})

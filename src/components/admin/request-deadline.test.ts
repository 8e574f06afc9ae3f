import {describe, expect, it} from 'vitest'
import {deadlineLabel} from './request-deadline.ts'

describe('a request’s deadline as staff read it', () => {
  const due = '2026-12-06T00:30:00.000Z'

  it('counts down the days, says the last one, then how late it is', () => {
    expect(deadlineLabel(due, Date.parse('2026-11-26T10:00:00+09:00'))).toEqual({
      text: '12월 6일 (일) · 10일 남음',
      late: false,
    })
    expect(deadlineLabel(due, Date.parse('2026-12-06T08:00:00+09:00'))).toEqual({
      text: '12월 6일 (일) · 오늘 마감',
      late: true,
    })
    expect(deadlineLabel(due, Date.parse('2026-12-08T08:00:00+09:00'))).toEqual({
      text: '12월 6일 (일) · 2일 지남',
      late: true,
    })
  })
})

import {describe, expect, it} from 'vitest'
import {isNight, previousMonth} from '#shared/access/access-record.ts'
import {monthLabel, refusalLabel, screenOf, subjectText} from './access-labels.ts'

describe('the access record in words', () => {
  it('names the screen of a request, and keeps a path it does not know', () => {
    expect(screenOf('/api/admin/leads/6f1c1d3e-8a7b-4c2d-9e0f-1a2b3c4d5e6f')).toBe('문의 상세')
    expect(screenOf('/api/admin/leads/6f1c1d3e-8a7b-4c2d-9e0f-1a2b3c4d5e6f/calls')).toBe(
      '통화 결과',
    )
    expect(screenOf('/api/admin/leads.csv')).toBe('CSV 내려받기')
    expect(screenOf('/api/admin/new-thing')).toBe('/api/admin/new-thing')
  })

  it('tells whose data: receipts (an erased lead as such), a filter and its count, a number', () => {
    expect(subjectText({subject: {leads: ['a', 'b']}, receipts: ['R-20261021-7KQ2', null]})).toBe(
      'R-20261021-7KQ2, 삭제된 문의',
    )
    expect(
      subjectText({subject: {filter: {q: '김', site: 'daegu'}, count: 1200}, receipts: []}),
    ).toBe('조건 현장 daegu, 검색어 김 · 1,200건')
    // Stored as jsonb, whose keys come back shortest first: the period is read first anyway.
    expect(
      subjectText({subject: {filter: {to: '2026-11-30', from: '2026-11-01'}}, receipts: []}),
    ).toBe('조건 기간 2026-11-01~2026-11-30')
    expect(subjectText({subject: {phone: '010-1234-5678'}, receipts: []})).toBe(
      '번호 010-1234-5678',
    )
  })

  it('names refusals, months and nights in Seoul', () => {
    expect(refusalLabel('role')).toBe('관리자 전용 화면')
    expect(refusalLabel('refresh-reused')).toBe('refresh-reused')
    expect(monthLabel('2026-01')).toBe('2026년 1월')
    expect(previousMonth('2026-01')).toBe('2025-12')
    expect(isNight(Date.parse('2026-10-21T21:59:59+09:00'))).toBe(false)
    expect(isNight(Date.parse('2026-10-21T22:00:00+09:00'))).toBe(true)
    expect(isNight(Date.parse('2026-10-22T06:59:59+09:00'))).toBe(true)
    expect(isNight(Date.parse('2026-10-22T07:00:00+09:00'))).toBe(false)
  })
})

import {describe, expect, it} from 'vitest'
import {daysLeft, maskPhone, myInfoPath} from './contract.ts'

describe('the data page’s contract', () => {
  it('masks the middle of a number, whatever its length', () => {
    expect(maskPhone('010-1234-5678')).toBe('010-****-5678')
    expect(maskPhone('011-123-4567')).toBe('011-***-4567')
  })

  it('counts the days left by Seoul’s dates, not by 24-hour spans', () => {
    const due = Date.parse('2026-12-06T09:30:00+09:00')
    expect(daysLeft(due, Date.parse('2026-11-26T23:59:00+09:00'))).toBe(10)
    expect(daysLeft(due, Date.parse('2026-12-06T00:00:00+09:00'))).toBe(0)
    expect(daysLeft(due, Date.parse('2026-12-08T08:00:00+09:00'))).toBe(-2)
  })

  it('addresses the data page of a site, with a link’s token or without', () => {
    expect(myInfoPath('ulsan-lakepark')).toBe('/ulsan-lakepark/my-info')
    expect(myInfoPath('ulsan-lakepark', 'abc')).toBe('/ulsan-lakepark/my-info/abc')
  })
})

import {describe, expect, it} from 'vitest'
import {
  formatArea,
  formatCount,
  formatFloors,
  formatNumber,
  formatPercent,
} from './korean-format.ts'

describe('Korean figure formatting', () => {
  it('groups thousands and keeps the recorded decimals', () => {
    expect(formatArea(106050.4985)).toBe('106,050.4985㎡')
    expect(formatArea(13404.3638)).toBe('13,404.3638㎡')
    expect(formatArea(376069.7623)).toBe('376,069.7623㎡')
    expect(formatNumber(440)).toBe('440')
    expect(formatNumber(1234567)).toBe('1,234,567')
  })

  it('writes ratios with a percent sign', () => {
    expect(formatPercent(229.55)).toBe('229.55%')
  })

  it('writes the building height from basement to top floor', () => {
    expect(formatFloors(3, 15)).toBe('지하 3층 ~ 지상 15층')
    expect(formatFloors(0, 5)).toBe('지상 5층')
    expect(formatFloors(null, 5)).toBe('지상 5층')
  })

  it('joins a count and its counter word', () => {
    expect(formatCount(9, '개 동')).toBe('9개 동')
    expect(formatCount(440, '세대')).toBe('440세대')
    expect(formatCount(1200, '세대')).toBe('1,200세대')
  })
})

// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react'
import {renderToString} from 'react-dom/server'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {ModelHouseInfo} from './ModelHouseInfo.tsx'
import type {ModelHouseFacts} from '#src/lib/visits/model-house.ts'

const HOUSE: ModelHouseFacts = {
  address: '울산광역시 남구 삼산로 287',
  mapUrl: 'https://map.naver.com/p/search/%EC%82%BC%EC%82%B0%EB%A1%9C',
  hours: [
    ...[2, 3, 4, 5, 6, 0].map((weekday) => ({weekday, opens: '13:00', closes: '18:00'})),
    ...[2, 3, 4, 5, 6, 0].map((weekday) => ({weekday, opens: '10:00', closes: '12:00'})),
  ],
  closedDates: ['2026-12-31', '2026-12-03'],
  openOnHolidays: false,
  bookingDays: 14,
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('ModelHouseInfo', () => {
  it('states the address, a map link naming its map, the hours and the closed days', () => {
    vi.useFakeTimers({now: Date.parse('2026-11-29T12:00:00+09:00'), toFake: ['Date']})
    render(<ModelHouseInfo house={HOUSE} builtOn="2026-11-29" />)
    expect(screen.getByRole('heading', {name: '견본주택 안내'})).toBeTruthy()
    expect(screen.getByText(/울산광역시 남구 삼산로 287/)).toBeTruthy()
    const map = screen.getByRole('link', {name: '지도 보기 (네이버 지도) (새 창)'})
    expect(map.getAttribute('href')).toBe(HOUSE.mapUrl)
    expect(map.getAttribute('target')).toBe('_blank')
    expect(screen.getByText('화–일 10:00–12:00, 13:00–18:00')).toBeTruthy()
    const closed = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(closed).toEqual([
      '화–일 10:00–12:00, 13:00–18:00',
      '매주 월요일 휴관',
      '공휴일 휴관',
      '12월 3일 (목) 휴관',
    ])
  })

  it('prerenders the closed dates of the build day, and counts from the visitor’s day once running', () => {
    const html = renderToString(<ModelHouseInfo house={HOUSE} builtOn="2026-12-20" />)
    expect(html).toContain('12월 31일 (목) 휴관')
    expect(html).not.toContain('12월 3일')
    vi.useFakeTimers({now: Date.parse('2026-11-29T12:00:00+09:00'), toFake: ['Date']})
    render(<ModelHouseInfo house={HOUSE} builtOn="2026-12-20" />)
    expect(screen.getByText('12월 3일 (목) 휴관')).toBeTruthy()
    expect(screen.queryByText(/12월 31일/)).toBeNull()
  })

  it('leaves out a map link that is not a web address', () => {
    render(
      <ModelHouseInfo house={{...HOUSE, mapUrl: 'javascript:alert(1)'}} builtOn="2026-11-29" />,
    )
    expect(screen.queryByRole('link')).toBeNull()
  })
})

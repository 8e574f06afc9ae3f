import {describe, expect, it} from 'vitest'
import {closedLines, mapLinkLabel, openingLines, type ModelHouseFacts} from './model-house.ts'

const hours = (weekdays: number[], opens: string, closes: string) =>
  weekdays.map((weekday) => ({weekday, opens, closes}))

/** The seed's house: Tuesday to Sunday 10:00–18:00, Monday closed. */
const HOUSE: ModelHouseFacts = {
  address: '울산광역시 남구 삼산로 287',
  mapUrl: 'https://map.naver.com/p/search/삼산로287',
  hours: hours([2, 3, 4, 5, 6, 0], '10:00', '18:00'),
  closedDates: ['2026-12-31', '2026-12-01', '2027-03-01', '2026-11-01'],
  openOnHolidays: false,
  bookingDays: 14,
}

describe('openingLines', () => {
  it('groups the weekdays that share their hours, Monday first', () => {
    expect(openingLines(HOUSE.hours)).toEqual(['화–일 10:00–18:00'])
  })

  it('writes a lunch break as two ranges, in order, and names each group of days', () => {
    expect(
      openingLines([
        ...hours([1, 2, 3, 4, 5], '13:00', '18:00'),
        ...hours([1, 2, 3, 4, 5], '10:00', '12:00'),
        ...hours([6, 0], '10:00', '17:00'),
      ]),
    ).toEqual(['월–금 10:00–12:00, 13:00–18:00', '토·일 10:00–17:00'])
  })

  it('joins days apart with a dot and leaves out what is malformed', () => {
    expect(
      openingLines([
        ...hours([2, 4], '11:00', '17:00'),
        {weekday: 3, opens: '11:00', closes: null},
        {weekday: 5, opens: '18:00', closes: '10:00'},
      ]),
    ).toEqual(['화·목 11:00–17:00'])
  })
})

describe('closedLines', () => {
  it('states the weekly closing, the holidays and the closed dates of the booking window', () => {
    expect(closedLines(HOUSE, '2026-11-29')).toEqual([
      '매주 월요일 휴관',
      '공휴일 휴관',
      '12월 1일 (화) 휴관',
    ])
    expect(closedLines(HOUSE, '2026-12-20')).toEqual([
      '매주 월요일 휴관',
      '공휴일 휴관',
      '12월 31일 (목) 휴관',
    ])
  })

  it('says nothing of holidays for a house that opens on them', () => {
    const riverside: ModelHouseFacts = {
      hours: hours([3, 4, 5, 6, 0], '11:00', '17:00'),
      closedDates: [],
      openOnHolidays: true,
    }
    expect(closedLines(riverside, '2026-11-29')).toEqual(['매주 월·화요일 휴관'])
  })
})

describe('mapLinkLabel', () => {
  it('names the map only when its address tells which one opens', () => {
    expect(mapLinkLabel('https://map.naver.com/p/search/x')).toBe('지도 보기 (네이버 지도)')
    expect(mapLinkLabel('https://naver.me/5kqQ2Xbz')).toBe('지도 보기 (네이버 지도)')
    expect(mapLinkLabel('https://map.kakao.com/?q=x')).toBe('지도 보기 (카카오맵)')
    expect(mapLinkLabel('https://kko.to/abc')).toBe('지도 보기 (카카오맵)')
    expect(mapLinkLabel('https://maps.example.com/x')).toBe('지도 보기')
    expect(mapLinkLabel('https://notnaver.com/x')).toBe('지도 보기')
    expect(mapLinkLabel('not a url')).toBe('지도 보기')
  })
})

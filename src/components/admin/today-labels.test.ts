import {describe, expect, it} from 'vitest'
import {lastCallText, reasonText, whenText} from './today-labels.ts'

/** Thursday 26 November 2026, 15:00 in Seoul. */
const NOW = Date.parse('2026-11-26T15:00:00+09:00')
const at = (time: string) => new Date(Date.parse(`2026-11-${time}+09:00`)).toISOString()

describe('the words of the day’s calls', () => {
  it('says when as staff say it on the day', () => {
    expect(whenText(at('26T09:05:00'), NOW)).toBe('오늘 09:05')
    expect(whenText(at('25T18:30:00'), NOW)).toBe('어제 18:30')
    expect(whenText('2026-11-27T10:00:00+09:00', NOW)).toBe('내일 10:00')
    expect(whenText(at('23T10:00:00'), NOW)).toBe('11월 23일 (월) 10:00')
  })

  it('tells why each lead is listed, and whether its time has passed', () => {
    const fresh = {kind: 'new', receivedAt: at('26T09:00:00'), dueAt: at('26T12:00:00')} as const
    expect(reasonText(fresh, null, NOW)).toEqual({
      text: '신규 문의 · 오늘 09:00 접수 · 첫 연락 기한 오늘 12:00 지남',
      late: true,
    })
    // Called once, the contact limit is met.
    expect(reasonText(fresh, {at: at('26T13:00:00'), outcome: 'no-answer'}, NOW)).toEqual({
      text: '신규 문의 · 오늘 09:00 접수',
      late: false,
    })
    expect(reasonText({kind: 'callback', at: at('26T17:00:00')}, null, NOW)).toEqual({
      text: '재통화 약속 · 오늘 17:00',
      late: false,
    })
    expect(
      reasonText({kind: 'unconfirmed', visitAt: '2026-11-27T11:00:00+09:00'}, null, NOW),
    ).toEqual({text: '방문 확인 안 됨 · 내일 11:00 방문 예약', late: false})
    expect(
      reasonText(
        {kind: 'offer', visitAt: '2026-11-28T11:00:00+09:00', until: at('26T15:20:00')},
        null,
        NOW,
      ).text,
    ).toBe('대기 자리 안내 중 · 11월 28일 (토) 11:00 방문 · 15:20까지 확정')
    expect(lastCallText({at: at('26T14:02:00'), outcome: 'no-answer'}, NOW)).toBe(
      '최근 통화 오늘 14:02 · 부재',
    )
  })
})

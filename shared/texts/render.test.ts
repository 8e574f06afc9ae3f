import {describe, expect, it} from 'vitest'
import {
  formatVisitTime,
  missingVariables,
  renderText,
  SAMPLE_VALUES,
  textBytes,
  textType,
  unknownVariables,
} from './render.ts'

describe('text templates', () => {
  it('fills every known variable, as often as it appears', () => {
    expect(renderText('#{이름}님, #{일시} 예약. #{이름}님 감사합니다.', SAMPLE_VALUES)).toBe(
      '홍길동님, 11월 27일(금) 14:00 예약. 홍길동님 감사합니다.',
    )
  })

  it('keeps hostile values literally: no second expansion, no replacement patterns', () => {
    const values = {...SAMPLE_VALUES, 이름: '#{링크} $& $1 <b>'}
    expect(renderText('[#{이름}] #{일시}', values)).toBe('[#{링크} $& $1 <b>] 11월 27일(금) 14:00')
  })

  it('leaves unknown variables as written and reports them', () => {
    expect(renderText('#{전화} #{이름}', SAMPLE_VALUES)).toBe('#{전화} 홍길동')
    expect(unknownVariables('#{전화} #{이름} #{전화} #{}')).toEqual(['전화', ''])
  })

  it('names the required variables a template lacks', () => {
    expect(missingVariables('#{이름}님 예약되었습니다.', 'confirmation')).toEqual(['일시', '링크'])
    expect(missingVariables('#{일시} #{링크}', 'confirmation')).toEqual([])
    expect(missingVariables('감사합니다', 'acknowledgement')).toEqual(['주소'])
  })

  it('counts bytes as carriers do: Hangul two, ASCII one; beyond 90 bytes an LMS', () => {
    expect(textBytes('abc 123')).toBe(7)
    expect(textBytes('예약')).toBe(4)
    expect(textBytes('예약 OK\n')).toBe(8)
    expect(textBytes('👍')).toBe(2)
    expect(textType('가'.repeat(45))).toBe('SMS')
    expect(textType('가'.repeat(45) + 'a')).toBe('LMS')
  })

  it('writes a visit time in Seoul with its weekday', () => {
    expect(formatVisitTime(Date.parse('2026-11-27T05:00:00Z'))).toBe('11월 27일(금) 14:00')
    expect(formatVisitTime(Date.parse('2026-12-31T15:30:00Z'))).toBe('1월 1일(금) 00:30')
  })
})

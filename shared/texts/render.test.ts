import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {
  LMS_MAX_BYTES,
  missingVariables,
  renderText,
  renderVisitorText,
  SAMPLE_VALUES,
  templateField,
  templateProblem,
  TEXT_KINDS,
  textBytes,
  textType,
  unknownVariables,
  withDataLink,
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

  it('puts no control or format character of a value into the text', () => {
    const values = {
      ...SAMPLE_VALUES,
      이름: '홍\u202E길동\u200B\u200C\u200D\u2060\uFEFF\u2066\u200E\n\u0007',
    }
    expect(renderText('[단지] #{이름}님\n#{일시}', values)).toBe(
      '[단지] 홍길동님\n11월 27일(금) 14:00',
    )
  })

  it('leaves unknown variables as written and reports them', () => {
    expect(renderText('#{전화} #{이름}', SAMPLE_VALUES)).toBe('#{전화} 홍길동')
    expect(unknownVariables('#{전화} #{이름} #{전화} #{}')).toEqual(['전화', ''])
  })

  it('names the required variables a template lacks', () => {
    expect(missingVariables('#{이름}님 예약되었습니다.', 'confirmation')).toEqual(['일시', '링크'])
    expect(missingVariables('#{일시} #{링크}', 'confirmation')).toEqual([])
    expect(missingVariables('감사합니다', 'acknowledgement')).toEqual(['주소', '링크'])
  })

  it('counts bytes as carriers do: Hangul two, ASCII one; beyond 90 bytes an LMS', () => {
    expect(textBytes('abc 123')).toBe(7)
    expect(textBytes('예약')).toBe(4)
    expect(textBytes('예약 OK\n')).toBe(8)
    expect(textBytes('👍')).toBe(2)
    expect(textType('가'.repeat(45))).toBe('SMS')
    expect(textType('가'.repeat(45) + 'a')).toBe('LMS')
  })
})

describe('template validation', () => {
  const advert = '(광고)[#{단지}] 잔여 세대: #{잔여}\n#{수신거부}'

  it('accepts the seed’s templates of every kind', () => {
    const seed = readFileSync(new URL('../../content/production.ndjson', import.meta.url), 'utf8')
    const templates = JSON.parse(
      seed.split('\n').find((row) => row.includes('"_id":"textTemplates"'))!,
    ) as Record<string, string>
    for (const kind of TEXT_KINDS)
      expect(templateProblem(templates[templateField(kind)]!, kind)).toBeNull()
  })

  it('keeps the advert’s (광고) prefix and its refusal line', () => {
    expect(templateProblem(advert, 'advert')).toBeNull()
    expect(templateProblem(advert.replace('(광고)', ''), 'advert')).toBe(
      '광고 문자는 맨 앞이 (광고)로 시작해야 합니다.',
    )
    expect(templateProblem(` ${advert}`, 'advert')).toBe(
      '광고 문자는 맨 앞이 (광고)로 시작해야 합니다.',
    )
    expect(templateProblem(advert.replace('#{수신거부}', '수신거부 문의'), 'advert')).toBe(
      '꼭 넣어야 하는 값이 빠졌습니다: #{수신거부}',
    )
    // Informational texts need no prefix.
    expect(templateProblem('#{이름}님 #{주소} #{링크}', 'acknowledgement')).toBeNull()
  })

  it('reports unknown variables and a text over an LMS, the data page’s line counted', () => {
    expect(templateProblem(`${advert} #{전화}`, 'advert')).toBe('없는 값입니다: #{전화}')
    expect(templateProblem(`${advert}${'가'.repeat(1000)}`, 'advert')).toMatch(/2000바이트/)
    // No template may write the line itself: its value is the functions'.
    expect(templateProblem(`${advert} #{내정보}`, 'advert')).toBe('없는 값입니다: #{내정보}')
    const line = textBytes(withDataLink('', SAMPLE_VALUES.내정보))
    const filler = (bytes: number) => 'a'.repeat(bytes - textBytes(advert))
    expect(templateProblem(`${advert}${filler(LMS_MAX_BYTES - line)}`, 'advert')).toBeNull()
    expect(templateProblem(`${advert}${filler(LMS_MAX_BYTES - line + 1)}`, 'advert')).toMatch(
      /내 정보 링크까지 2000바이트/,
    )
  })

  it('ends every visitor’s text with the data page’s line', () => {
    expect(renderVisitorText('[#{단지}] #{이름}님', SAMPLE_VALUES)).toBe(
      `[솔담 레이크파크] 홍길동님\n내 정보 확인·삭제: ${SAMPLE_VALUES.내정보}`,
    )
  })
})

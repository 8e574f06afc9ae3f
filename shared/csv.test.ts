import {describe, expect, it} from 'vitest'
import {csvCell, csvLine} from './csv.ts'

describe('csv', () => {
  it('quotes a cell with a comma, quote or line break and doubles its quotes', () => {
    expect(csvCell('홍길동')).toBe('홍길동')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
  })

  it('neutralizes a text a spreadsheet would run as a formula, but not a number', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+82')).toBe("'+82")
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell(-1)).toBe('-1')
    expect(csvCell('-')).toBe('-')
  })

  it('neutralizes a formula written in fullwidth or behind invisible characters', () => {
    for (const cell of [
      '＝HYPERLINK("x")',
      '＋82',
      '－1',
      '＠SUM(A1)',
      '﹦1+1',
      '\u200b=HYPERLINK("x")',
      ' =1+1',
      '\u3000\ufeff+1',
      '\u2060\u200d@SUM(A1)',
      '\u3164=1',
    ])
      expect(csvCell(cell)).toMatch(/^"?'/)
    expect(csvCell('\u200b-')).toBe('\u200b-')
    expect(csvCell(' 홍길동')).toBe(' 홍길동')
  })

  it('writes an empty cell for nothing and ends a line with CRLF', () => {
    expect(csvLine(['a', null, undefined, 3])).toBe('a,,,3\r\n')
  })
})

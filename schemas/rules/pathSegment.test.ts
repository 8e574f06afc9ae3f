import {describe, expect, it} from 'vitest'
import {PATH_SEGMENT_PATTERN, slugifyAscii} from './pathSegment.ts'

describe('slugifyAscii', () => {
  it('turns an ASCII name into a lower-case hyphenated segment the pattern accepts', () => {
    expect(slugifyAscii('Ulsan Lakepark')).toBe('ulsan-lakepark')
    expect(slugifyAscii('  Yangsan -- River_Park 2 ')).toBe('yangsan-river-park-2')
    expect(PATH_SEGMENT_PATTERN.test(slugifyAscii('Ulsan Lakepark'))).toBe(true)
  })

  it('gives nothing for Hangul instead of a segment that lost its meaning', () => {
    expect(slugifyAscii('울산 레이크파크')).toBe('')
    expect(slugifyAscii('Ulsan 레이크파크')).toBe('')
  })
})

describe('PATH_SEGMENT_PATTERN', () => {
  it('refuses capitals, spaces, doubled or edge hyphens and Hangul', () => {
    for (const segment of [
      'Ulsan',
      'ulsan lakepark',
      'ulsan--lakepark',
      '-ulsan',
      'ulsan-',
      '울산',
      '',
    ]) {
      expect(PATH_SEGMENT_PATTERN.test(segment), segment).toBe(false)
    }
  })
})

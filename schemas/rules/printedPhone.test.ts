import {describe, expect, it} from 'vitest'
import {isKoreanPhone} from './printedPhone.ts'

describe('isKoreanPhone', () => {
  it('accepts representative, Seoul, area and mobile numbers', () => {
    for (const number of [
      '1661-0440',
      '1588-1234',
      '1899-0000',
      '02-123-4567',
      '02-1234-5678',
      '052-123-4567',
      '010-1234-5678',
    ]) {
      expect(isKoreanPhone(number), number).toBe(true)
    }
  })

  it('refuses numbers without hyphens, with wrong groups or of another country', () => {
    for (const number of [
      '16610440',
      '1661-044',
      '1461-0440',
      '010-12-5678',
      '+82-10-1234-5678',
      '052 123 4567',
      '',
    ]) {
      expect(isKoreanPhone(number), number).toBe(false)
    }
  })
})

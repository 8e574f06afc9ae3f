import {describe, expect, it} from 'vitest'
import {normalizePhone} from '#shared/leads/normalize-phone.ts'
import {formatPhoneInput} from './format-phone-as-typed.ts'

/** What the field shows after each key press of `digits`. */
const typed = (digits: string) =>
  [...digits].map((_, index) => formatPhoneInput(digits.slice(0, index + 1)))

describe('formatPhoneInput', () => {
  it('hyphenates a mobile number as it is typed', () => {
    expect(typed('01012345678')).toEqual([
      '0',
      '01',
      '010',
      '010-1',
      '010-12',
      '010-123',
      '010-123-4',
      '010-123-45',
      '010-123-456',
      '010-123-4567',
      '010-1234-5678',
    ])
  })

  it('keeps the 3-digit exchange of old mobile and area-code numbers with 10 digits', () => {
    expect(formatPhoneInput('0111234567')).toBe('011-123-4567')
    expect(formatPhoneInput('0311234567')).toBe('031-123-4567')
    expect(formatPhoneInput('03112345678')).toBe('031-1234-5678')
  })

  it('uses a 2-digit code for Seoul', () => {
    expect(formatPhoneInput('021234567')).toBe('02-123-4567')
    expect(formatPhoneInput('0212345678')).toBe('02-1234-5678')
    expect(formatPhoneInput('02123456789')).toBe('02-1234-5678')
  })

  it('formats 070 like a mobile number', () => {
    expect(formatPhoneInput('07012345678')).toBe('070-1234-5678')
  })

  it('formats 15xx, 16xx and 18xx representative numbers as 4-4', () => {
    expect(typed('16610440')).toEqual([
      '1',
      '16',
      '166',
      '1661',
      '1661-0',
      '1661-04',
      '1661-044',
      '1661-0440',
    ])
    expect(formatPhoneInput('1588-12345')).toBe('1588-1234')
    expect(formatPhoneInput('18001234')).toBe('1800-1234')
  })

  it('reformats pasted numbers with spaces, dots or wrong hyphens', () => {
    expect(formatPhoneInput('010 1234 5678')).toBe('010-1234-5678')
    expect(formatPhoneInput('010.1234.5678')).toBe('010-1234-5678')
    expect(formatPhoneInput('0101-234-5678')).toBe('010-1234-5678')
  })

  it('leaves numbers that cannot be domestic as plain digits and drops letters', () => {
    expect(formatPhoneInput('5551234')).toBe('5551234')
    expect(formatPhoneInput('1234567')).toBe('1234567')
    expect(formatPhoneInput('abc')).toBe('')
  })

  it('produces what the shared rule accepts for every accepted kind of number', () => {
    for (const digits of [
      '01012345678',
      '0161234567',
      '022345678',
      '0223456789',
      '0522345678',
      '07023456789',
      '15881234',
      '16610440',
      '18001234',
    ]) {
      const shown = formatPhoneInput(digits)
      expect(normalizePhone(shown)).toBe(shown)
    }
  })
})

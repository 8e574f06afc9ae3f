import {describe, expect, it} from 'vitest'
import {normalizeMobile, normalizePhone} from './normalize-phone.ts'

describe('normalizePhone', () => {
  it.each([
    ['01012345678', '010-1234-5678'],
    ['010-1234-5678', '010-1234-5678'],
    [' 010 1234 5678 ', '010-1234-5678'],
    ['+82 10-1234-5678', '010-1234-5678'],
    ['011-234-5678', '011-234-5678'],
    ['0162345678', '016-234-5678'],
    ['019-1234-5678', '019-1234-5678'],
    ['022345678', '02-234-5678'],
    ['02-2345-6789', '02-2345-6789'],
    ['(031) 234-5678', '031-234-5678'],
    ['044-2345-6789', '044-2345-6789'],
    ['053.234.5678', '053-234-5678'],
    ['064-234-5678', '064-234-5678'],
    ['070-2345-6789', '070-2345-6789'],
    ['16610440', '1661-0440'],
    ['1588-1234', '1588-1234'],
    ['1800-1234', '1800-1234'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected)
  })

  it.each([
    ['', 'empty'],
    ['010-123-4567', 'a 010 number with 10 digits'],
    ['010-12345-67890', 'too many digits'],
    ['012-1234-5678', 'an unassigned mobile prefix'],
    ['034-234-5678', 'a non-existent area code'],
    ['056-234-5678', 'a non-existent area code'],
    ['02-023-4567', 'an exchange starting with 0'],
    ['031-123-4567', 'an exchange starting with 1'],
    ['080-234-5678', 'a toll-free number'],
    ['1700-1234', 'a 17xx number'],
    ['1661-04401', 'a representative number with 9 digits'],
    ['010-abcd-5678', 'letters'],
    ['112', 'an emergency number'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull()
  })
})

describe('normalizeMobile', () => {
  it('takes mobile numbers however written, and nothing else', () => {
    expect(normalizeMobile('01012345678')).toBe('010-1234-5678')
    expect(normalizeMobile('+82 10 1234 5678')).toBe('010-1234-5678')
    expect(normalizeMobile('011-234-5678')).toBe('011-234-5678')
    expect(normalizeMobile('02-2345-6789')).toBeNull()
    expect(normalizeMobile('1661-0440')).toBeNull()
    expect(normalizeMobile('010-123-456')).toBeNull()
  })
})

import {describe, expect, it} from 'vitest'
import {typedFieldCodes, type TypedFields} from './typed-fields.ts'

const valid: TypedFields = {
  name: '홍길동',
  phone: '010-1234-5678',
  message: undefined,
  consent: true,
}

describe('the rules of the fields a visitor types', () => {
  it('accepts a name, a mobile number and the consent', () => {
    expect(typedFieldCodes(valid)).toEqual({})
  })

  it('names each missing field', () => {
    expect(
      typedFieldCodes({name: undefined, phone: undefined, message: undefined, consent: false}),
    ).toEqual({name: 'required', phone: 'required', consent: 'required'})
  })

  it('counts characters as the visitor sees them, spaces collapsed', () => {
    expect(typedFieldCodes({...valid, name: '가'.repeat(30)})).toEqual({})
    expect(typedFieldCodes({...valid, name: `${'가'.repeat(15)}    ${'나'.repeat(14)}`})).toEqual(
      {},
    )
    expect(typedFieldCodes({...valid, name: '가'.repeat(31)})).toEqual({name: 'tooLong'})
    expect(typedFieldCodes({...valid, message: '😀'.repeat(1000)})).toEqual({})
    expect(typedFieldCodes({...valid, message: '😀'.repeat(1001)})).toEqual({message: 'tooLong'})
  })

  it('refuses a number that is not a Korean phone number', () => {
    expect(typedFieldCodes({...valid, phone: '12345'})).toEqual({phone: 'invalid'})
  })
})

describe('a name is only a name (it goes into our texts)', () => {
  const nameCode = (name: string) => typedFieldCodes({...valid, name}).name

  it('refuses an address, a domain or a long number in the name', () => {
    expect(nameCode('환급 확인 https://bit.ly/3AbCd 고객')).toBe('invalid')
    expect(nameCode('환급 bit.ly/3AbCd')).toBe('invalid')
    expect(nameCode('김 www.example')).toBe('invalid')
    expect(nameCode('예금 naver.com')).toBe('invalid')
    expect(nameCode('계좌 110 1234 5678 90')).toBe('invalid')
    expect(nameCode('홍길동1234567890123')).toBe('invalid')
  })

  it('refuses bidi overrides and zero-width characters', () => {
    expect(nameCode('홍길동\u202Emoc.kcil')).toBe('invalid')
    expect(nameCode('홍\u200B\u200B\u200B길동')).toBe('invalid')
    for (const mark of [
      '\u202A',
      '\u2066',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u200D',
      '\u2060',
      '\uFEFF',
    ])
      expect(nameCode(`홍${mark}길동`)).toBe('invalid')
  })

  it('accepts Korean and English names with spaces, hyphens, dots and ·', () => {
    for (const name of [
      '홍길동',
      '남궁 민수',
      'Mary-Jane Watson',
      'J. R. Smith',
      '제임스·본드',
      '김철수 2',
      "O'Brien",
    ])
      expect(nameCode(name)).toBeUndefined()
  })
})

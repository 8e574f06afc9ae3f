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

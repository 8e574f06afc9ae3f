import {describe, expect, it} from 'vitest'
import {checkRegistration, EMPTY_REGISTRATION} from './validation.ts'

const filled = {...EMPTY_REGISTRATION, name: '홍길동', phone: '010-1234-5678', consent: true}

describe('checkRegistration', () => {
  it('accepts a filled form, message and marketing consent being optional', () => {
    expect(checkRegistration(filled)).toEqual({})
  })

  it('asks for name, phone and the required consent in Korean', () => {
    expect(checkRegistration(EMPTY_REGISTRATION)).toEqual({
      name: '이름을 입력해 주세요.',
      phone: '연락처를 입력해 주세요.',
      consent: '[필수] 개인정보 수집 및 이용에 동의해 주세요.',
    })
  })

  it.each(['010-123-4567', '012-3456-7890', '02-123-4567', '1234-5678', '555-1234'])(
    'refuses the phone number %s like the server',
    (phone) => {
      expect(checkRegistration({...filled, phone}).phone).toBe(
        '연락처 형식을 확인해 주세요. 예) 010-1234-5678',
      )
    },
  )

  it.each([
    '010-1234-5678',
    '016-123-4567',
    '02-234-5678',
    '031-234-5678',
    '070-2345-6789',
    '1661-0440',
    '1588-1234',
    '1800-1234',
  ])('accepts the phone number %s', (phone) => {
    expect(checkRegistration({...filled, phone})).toEqual({})
  })

  it('limits the name to 30 and the message to 1,000 characters', () => {
    expect(checkRegistration({...filled, name: '가'.repeat(31)}).name).toBe(
      '이름은 30자 이내로 입력해 주세요.',
    )
    expect(checkRegistration({...filled, message: '가'.repeat(1001)}).message).toBe(
      '문의 내용은 1,000자 이내로 입력해 주세요.',
    )
    expect(
      checkRegistration({...filled, name: '가'.repeat(30), message: '가'.repeat(1000)}),
    ).toEqual({})
  })
})

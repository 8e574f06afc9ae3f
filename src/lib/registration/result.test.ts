import {describe, expect, it} from 'vitest'
import {readRegistrationResult} from './result.ts'

describe('readRegistrationResult', () => {
  it('shows a success with its receipt', () => {
    expect(readRegistrationResult('?status=accepted&receipt=RL-20261122-AB12', null)).toEqual({
      status: 'accepted',
      receipt: 'RL-20261122-AB12',
      details: [],
    })
  })

  it('shows the booked visit time of a success, and only a slot start', () => {
    const search = '?status=accepted&receipt=RL-1&visitAt=2026-11-27T14%3A30%3A00%2B09%3A00'
    expect(readRegistrationResult(search, null)?.visit).toEqual({
      visitAt: '2026-11-27T14:30:00+09:00',
      manageUrl: null,
    })
    expect(readRegistrationResult('?status=accepted&visitAt=tomorrow', null)).toEqual({
      status: 'accepted',
      receipt: null,
      details: [],
    })
  })

  it('says plainly that a time was not booked for the number’s coming visit', () => {
    expect(readRegistrationResult('?status=accepted&receipt=RL-1&visitHeld=resent', null)).toEqual({
      status: 'accepted',
      receipt: 'RL-1',
      visit: {held: 'resent'},
      details: [],
    })
    expect(readRegistrationResult('?status=accepted&visitHeld=unsent', null)?.visit).toEqual({
      held: 'unsent',
    })
    expect(readRegistrationResult('?status=accepted&visitHeld=other', null)?.visit).toBeUndefined()
  })

  it('explains a time that filled up meanwhile, and that nothing was stored', () => {
    expect(readRegistrationResult('?status=full', null)).toEqual({
      status: 'refused',
      receipt: null,
      details: [
        '선택하신 시간이 마감되었습니다. 신청은 접수되지 않았으니 다른 시간을 골라 다시 신청해 주세요.',
      ],
      full: true,
    })
  })

  it('drops a receipt that is not one', () => {
    expect(
      readRegistrationResult('?status=accepted&receipt=%3Cscript%3E', null)?.receipt,
    ).toBeNull()
  })

  it('turns field codes into the server’s Korean messages', () => {
    expect(readRegistrationResult('?status=invalid&phone=invalid&consent=required', null)).toEqual({
      status: 'refused',
      receipt: null,
      details: [
        '연락처 형식을 확인해 주세요. 예) 010-1234-5678',
        '[필수] 개인정보 수집 및 이용에 동의해 주세요.',
      ],
    })
  })

  it('never repeats free text from the address', () => {
    expect(readRegistrationResult('?status=invalid&name=hacked', null)?.details).toEqual([
      '입력 내용을 확인해 주세요.',
    ])
    expect(readRegistrationResult('?status=invalid', null)?.details).toEqual([
      '입력 내용을 확인해 주세요.',
    ])
  })

  it('explains the rate limit and an outage with the phone number', () => {
    expect(readRegistrationResult('?status=limited&retryAfter=120', null)?.details).toEqual([
      '등록 요청이 너무 많습니다. 2분 후에 다시 시도해 주세요.',
    ])
    expect(readRegistrationResult('?status=limited&retryAfter=45', '1661-0440')?.details).toEqual([
      '등록 요청이 너무 많습니다. 45초 후에 다시 시도하시거나 대표번호(1661-0440)으로 전화해 주세요.',
    ])
    expect(readRegistrationResult('?status=unavailable', '1661-0440')?.details[0]).toContain(
      '1661-0440',
    )
  })

  it('knows nothing of an empty or unknown status', () => {
    expect(readRegistrationResult('', null)).toBeNull()
    expect(readRegistrationResult('?status=maybe', null)).toBeNull()
  })
})

// @vitest-environment jsdom
import {render, screen} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it, vi} from 'vitest'
import {WalkInForm, type WalkInOutcome} from './WalkInForm.tsx'
import type {WalkInBody} from '#src/lib/api/staff-visits.ts'

const SITES = [
  {slug: 'ulsan-lakepark', name: '솔담 레이크파크'},
  {slug: 'yangsan-riverpark', name: '솔담 리버파크'},
]
const CONSENT = {
  version: '2026-11-20T09:15:00Z',
  purpose: '방문 예약 안내',
  items: '이름, 연락처',
  retention: '1년',
  refusal: '동의하지 않으실 수 있습니다.',
  marketingText: null,
}

function renderForm(outcomes: WalkInOutcome[]) {
  const onRegister = vi.fn(async (_body: WalkInBody, _key: string) => outcomes.shift()!)
  render(<WalkInForm sites={SITES} site="" consent={CONSENT as never} onRegister={onRegister} />)
  return onRegister
}

describe('WalkInForm', () => {
  it('registers a visitor who ticks the consent after reading what it covers, then empties itself', async () => {
    const user = userEvent.setup()
    const onRegister = renderForm([
      {ok: false, message: '연락처를 확인해 주세요.', fields: {phone: '연락처를 확인해 주세요.'}},
      {ok: true, message: '김방문 님을 현장 방문으로 등록하고 11:05 방문을 확인했습니다.'},
    ])
    await user.click(screen.getByText('예약 없이 오신 방문객 등록'))
    expect(screen.getByText('이름, 연락처')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('현장'), 'ulsan-lakepark')
    await user.type(screen.getByLabelText('이름'), '김방문')
    await user.type(screen.getByLabelText('연락처'), '010-77')
    await user.click(screen.getByLabelText('[필수] 개인정보 수집 및 이용 동의'))
    await user.click(screen.getByRole('button', {name: '방문 등록'}))

    const phone = screen.getByLabelText('연락처')
    expect(phone.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getAllByText('연락처를 확인해 주세요.').length).toBeGreaterThan(0)
    const [first, firstKey] = onRegister.mock.calls[0]!
    expect(first).toEqual({
      site: 'ulsan-lakepark',
      name: '김방문',
      phone: '010-77',
      consent: true,
      consentVersion: '2026-11-20T09:15:00Z',
    })

    await user.type(phone, '77-0101')
    await user.click(screen.getByRole('button', {name: '방문 등록'}))
    // The same form sent again is the same visitor: one key until it succeeds.
    expect(onRegister.mock.calls[1]![1]).toBe(firstKey)
    expect(screen.getByRole('status').textContent).toBe(
      '김방문 님을 현장 방문으로 등록하고 11:05 방문을 확인했습니다.',
    )
    expect((screen.getByLabelText('이름') as HTMLInputElement).value).toBe('')
    expect(
      (screen.getByLabelText('[필수] 개인정보 수집 및 이용 동의') as HTMLInputElement).checked,
    ).toBe(false)
  })
})

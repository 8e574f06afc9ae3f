// @vitest-environment jsdom
import {render, screen} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it, vi} from 'vitest'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import {AwayToggle} from './AwayToggle.tsx'
import {OwnerControl} from './OwnerControl.tsx'

const fetchMock = signedInFetch()
const CHOICES = [
  {email: 'kim@example.com', away: false},
  {email: 'lee@example.com', away: true},
]

describe('OwnerControl', () => {
  it('shows the owner, lists the site’s staff with who is away, and changes the owner', async () => {
    const onChanged = vi.fn()
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? Response.json({ok: true, owner: 'lee@example.com', choices: CHOICES})
        : Response.json({ok: true, owner: 'kim@example.com', choices: CHOICES}),
    )
    render(<OwnerControl leadId="lead-1" onChanged={onChanged} />)
    expect(await screen.findByText('kim@example.com', {selector: 'strong'})).toBeTruthy()
    const select = screen.getByLabelText('담당자 변경')
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'kim@example.com',
      'lee@example.com (자리 비움)',
    ])
    const change = screen.getByRole('button', {name: '담당자 바꾸기'}) as HTMLButtonElement
    expect(change.disabled).toBe(true)
    await userEvent.selectOptions(select, 'lee@example.com')
    await userEvent.click(change)
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      '담당자를 lee 님으로 바꿨습니다.',
    )
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/admin/leads/lead-1/owner',
      expect.objectContaining({method: 'PUT', body: JSON.stringify({owner: 'lee@example.com'})}),
    )
    expect(onChanged).toHaveBeenCalledOnce()
  })

  it('says why a change was refused, in Korean', async () => {
    const refusal = '담당자는 이 현장의 상담 직원 중에서 골라 주세요.'
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? Response.json({ok: false, error: refusal, fields: {owner: refusal}}, {status: 400})
        : Response.json({ok: true, owner: null, choices: CHOICES}),
    )
    render(<OwnerControl leadId="lead-1" onChanged={() => {}} />)
    expect(await screen.findByText('배정 전')).toBeTruthy()
    await userEvent.selectOptions(screen.getByLabelText('담당자 변경'), 'kim@example.com')
    await userEvent.click(screen.getByRole('button', {name: '담당자 바꾸기'}))
    expect((await screen.findByRole('status')).textContent).toBe(refusal)
  })
})

describe('AwayToggle', () => {
  it('marks the staff member away and back', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      Response.json({
        ok: true,
        away: init?.method === 'PUT' ? JSON.parse(String(init.body)).away : false,
      }),
    )
    render(<AwayToggle />)
    const button = await screen.findByRole('button', {name: '자리 비움', pressed: false})
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    await userEvent.click(button)
    expect(await screen.findByRole('button', {name: '자리 비움', pressed: true})).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('새 문의를 배정하지 않습니다')
    await userEvent.click(button)
    expect(await screen.findByRole('button', {name: '자리 비움', pressed: false})).toBeTruthy()
  })
})

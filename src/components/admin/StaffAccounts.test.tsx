// @vitest-environment jsdom
import {render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it, vi} from 'vitest'
import type {StaffAccountItem} from '#shared/auth/staff-accounts.ts'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import {StaffAccounts} from './StaffAccounts.tsx'

const fetchMock = signedInFetch()
const SITES = [
  {slug: 'ulsan-lakepark', name: '솔담 레이크파크'},
  {slug: 'yangsan-riverpark', name: '솔담 리버파크'},
]
const account = (part: Partial<StaffAccountItem>): StaffAccountItem => ({
  email: 'kim@example.com',
  role: 'counsellor',
  sites: ['yangsan-riverpark'],
  disabled: false,
  secondFactor: false,
  invited: false,
  linkExpiresAt: null,
  bootstrap: false,
  ...part,
})
const ACCOUNTS = [
  account({email: 'boss@example.com', role: 'administrator', sites: []}),
  account({}),
  account({email: 'old@example.com', role: 'administrator', sites: [], bootstrap: true}),
]

/** The endpoints of 직원 관리 as the server answers them; `answers` overrides one. */
function serve(answers: Record<string, () => Response> = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`
    if (answers[key]) return answers[key]()
    if (key === 'GET /api/admin/staff') return Response.json({ok: true, items: ACCOUNTS})
    if (key === 'GET /api/admin/staff-changes') return Response.json({ok: true, items: []})
    return Response.json({ok: false, error: `unexpected ${key}`}, {status: 500})
  })
}

describe('직원 관리', () => {
  it('invites a counsellor for the sites chosen and shows the link once, to copy', async () => {
    serve({
      'POST /api/admin/staff': () =>
        Response.json(
          {
            ok: true,
            email: 'new@example.com',
            path: '/admin/invite#token',
            expiresAt: '2026-12-01T01:00:00Z',
            kind: 'invite',
          },
          {status: 201},
        ),
    })
    render(<StaffAccounts email="boss@example.com" sites={SITES} />)
    await screen.findByText('kim@example.com')
    await userEvent.type(screen.getByLabelText('이메일'), 'new@example.com')
    await userEvent.click(screen.getByRole('checkbox', {name: '솔담 리버파크'}))
    await userEvent.click(screen.getByRole('button', {name: '초대 링크 만들기'}))
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/staff',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({
          email: 'new@example.com',
          role: 'counsellor',
          sites: ['yangsan-riverpark'],
        }),
      }),
    )
    const link = (await screen.findByLabelText('링크')) as HTMLInputElement
    expect(link.value).toBe(`${window.location.origin}/admin/invite#token`)
    expect(document.activeElement?.textContent).toBe('초대 링크')
    // An administrator sees every site: no sites are asked.
    await userEvent.click(screen.getByRole('radio', {name: '관리자'}))
    expect(screen.queryByRole('checkbox', {name: '솔담 리버파크'})).toBeNull()
  })

  it('shows the server’s refusal by the field it concerns', async () => {
    const refusal = '이미 등록된 이메일입니다. 목록에서 그 계정을 찾아 주세요.'
    serve({
      'POST /api/admin/staff': () =>
        Response.json({ok: false, error: refusal, fields: {email: refusal}}, {status: 409}),
    })
    render(<StaffAccounts email="boss@example.com" sites={SITES} />)
    await screen.findByText('kim@example.com')
    await userEvent.type(screen.getByLabelText('이메일'), 'kim@example.com')
    await userEvent.click(screen.getByRole('checkbox', {name: '솔담 리버파크'}))
    await userEvent.click(screen.getByRole('button', {name: '초대 링크 만들기'}))
    expect((await screen.findByRole('alert')).textContent).toBe(refusal)
    expect(screen.getByLabelText('이메일').getAttribute('aria-invalid')).toBe('true')
  })

  it('disables another account after asking, and offers nothing on one’s own or an ADMIN_USERS entry', async () => {
    serve({
      'PATCH /api/admin/staff/kim%40example.com': () =>
        Response.json({ok: true, account: account({disabled: true})}),
    })
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    render(<StaffAccounts email="boss@example.com" sites={SITES} />)
    const cards = await screen.findAllByRole('listitem')
    const [own, kim, bootstrap] = cards as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(own).queryAllByRole('button')).toEqual([])
    expect(within(bootstrap).getByText(/ADMIN_USERS · 첫 로그인 전/)).toBeTruthy()
    expect(within(bootstrap).queryAllByRole('button')).toEqual([])
    expect(within(kim).getByText('상담 직원 (솔담 리버파크)')).toBeTruthy()
    await userEvent.click(within(kim).getByRole('button', {name: '사용 중지'}))
    expect(confirm).toHaveBeenCalledWith(
      'kim@example.com 계정을 사용 중지할까요? 로그인한 모든 화면에서 바로 로그아웃됩니다.',
    )
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/staff/kim%40example.com',
      expect.objectContaining({method: 'PATCH', body: JSON.stringify({disabled: true})}),
    )
    expect(
      await screen.findByText(
        'kim@example.com 계정을 사용 중지했습니다. 모든 로그인이 끝났습니다.',
      ),
    ).toBeTruthy()
  })
})

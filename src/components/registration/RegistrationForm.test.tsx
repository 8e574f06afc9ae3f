// @vitest-environment jsdom
import {cleanup, render, screen, waitFor, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {createRoutesStub} from 'react-router'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {RegistrationForm} from './RegistrationForm.tsx'

const layout = {
  settings: {phone: '1661-0440'},
  navigation: {},
  modelHouses: [],
  consent: {retention: '접수일로부터 1년', purpose: '상담 연락', version: '2026-11-20T09:15:00Z'},
}

function renderForm(withMessage: boolean) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => layout,
      Component: () => (
        <RegistrationForm source="customer" site="ulsan-lakepark" withMessage={withMessage} />
      ),
    },
  ])
  render(<Stub initialEntries={['/']} />)
}

type Sent = {body: Record<string, unknown>; key: string | null}
let sent: Sent[]
let answers: Array<() => Response>

beforeEach(() => {
  sent = []
  answers = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push({
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
        key: new Headers(init.headers).get('idempotency-key'),
      })
      const next = answers.shift()
      if (!next) throw new TypeError('Failed to fetch')
      return next()
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

const created = () =>
  new Response(JSON.stringify({ok: true, receipt: 'R-20261122-AB12'}), {status: 201})

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/이름/), '홍길동')
  await user.type(screen.getByLabelText(/연락처/), '01012345678')
  await user.click(screen.getByLabelText('[필수] 개인정보 수집 및 이용 동의'))
}

/** The home page's form and the popup's, with `before` rendered ahead of the popup's. */
function renderHomeAndPopup(before: number) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => layout,
      Component: () => (
        <>
          {Array.from({length: before}, (_, index) => (
            <RegistrationForm key={index} source="customer" />
          ))}
          <RegistrationForm source="popup" />
          <RegistrationForm source="home" withMessage />
        </>
      ),
    },
  ])
  return render(<Stub initialEntries={['/']} />)
}

describe('RegistrationForm', () => {
  it("gives each form on a page its own field ids, so every label names its own form's field", async () => {
    for (const before of [0, 1]) {
      const {unmount} = renderHomeAndPopup(before)
      await screen.findAllByLabelText(/이름/)
      const forms = [...document.querySelectorAll('form')]
      expect(forms).toHaveLength(before + 2)
      for (const form of forms)
        expect(form.contains(within(form).getByLabelText(/이름/))).toBe(true)
      unmount()
    }
  })

  it('hyphenates the phone number and never pre-ticks either consent', async () => {
    const user = userEvent.setup()
    renderForm(true)
    await user.type(await screen.findByLabelText(/연락처/), '0212345678')
    expect(screen.getByLabelText<HTMLInputElement>(/연락처/).value).toBe('02-1234-5678')
    expect(
      screen.getByLabelText<HTMLInputElement>('[필수] 개인정보 수집 및 이용 동의').checked,
    ).toBe(false)
    expect(screen.getByLabelText<HTMLInputElement>('[선택] 마케팅 정보 수신 동의').checked).toBe(
      false,
    )
  })

  it('keeps the Idempotency-Key while the input stays the same, and takes a new one after a change', async () => {
    const user = userEvent.setup()
    renderForm(false)
    await fill(user)
    await user.click(screen.getByRole('button', {name: '등록하기'}))
    await screen.findByText('오류가 발생했습니다. 잠시 후 다시 시도해 주세요.')
    expect(screen.getByRole('link', {name: '1661-0440'}).getAttribute('href')).toBe('tel:16610440')
    await user.click(screen.getByRole('button', {name: '등록하기'}))
    await waitFor(() => expect(sent).toHaveLength(2))
    await screen.findByText('오류가 발생했습니다. 잠시 후 다시 시도해 주세요.')
    await user.type(screen.getByLabelText(/이름/), '님')
    answers.push(created)
    await user.click(screen.getByRole('button', {name: '등록하기'}))
    await screen.findByText('R-20261122-AB12')
    expect(sent[1]!.key).toBe(sent[0]!.key)
    expect(sent[2]!.key).not.toBe(sent[0]!.key)
    expect(sent[2]!.body).toMatchObject({
      name: '홍길동님',
      phone: '010-1234-5678',
      consent: true,
      source: 'customer',
      site: 'ulsan-lakepark',
      website: '',
    })
    expect(sent[2]!.body.fillMs).toEqual(expect.any(Number))
    // In the popup (no message field) the result replaces the form.
    expect(screen.queryByRole('button', {name: '등록하기'})).toBeNull()
  })

  it("sends the visit's attribution and the version of the consent text shown, and carries the version without JavaScript too", async () => {
    sessionStorage.setItem(
      'visit-attribution',
      JSON.stringify({utmSource: 'naver', utmCampaign: '가을 분양', landingPath: '/FloorPlan/84A'}),
    )
    const user = userEvent.setup()
    renderForm(false)
    await fill(user)
    expect(
      document.querySelector<HTMLInputElement>('input[type="hidden"][name="consentVersion"]')
        ?.value,
    ).toBe('2026-11-20T09:15:00Z')
    answers.push(created)
    await user.click(screen.getByRole('button', {name: '등록하기'}))
    await screen.findByText('R-20261122-AB12')
    expect(sent[0]!.body).toMatchObject({
      consentVersion: '2026-11-20T09:15:00Z',
      attribution: {utmSource: 'naver', utmCampaign: '가을 분양', landingPath: '/FloorPlan/84A'},
    })
  })

  it('clears the fields after a success on the page forms', async () => {
    const user = userEvent.setup()
    renderForm(true)
    await fill(user)
    await user.type(screen.getByLabelText(/문의 내용/), '주차 문의')
    answers.push(created)
    await user.click(screen.getByRole('button', {name: '등록하기'}))
    await screen.findByText('✓ 등록이 완료되었습니다. 곧 전문 상담사가 연락드리겠습니다.')
    expect(screen.getByLabelText<HTMLInputElement>(/이름/).value).toBe('')
    expect(screen.getByLabelText<HTMLInputElement>(/연락처/).value).toBe('')
    expect(screen.getByLabelText<HTMLTextAreaElement>(/문의 내용/).value).toBe('')
    expect(
      screen.getByLabelText<HTMLInputElement>('[필수] 개인정보 수집 및 이용 동의').checked,
    ).toBe(false)
  })

  it('says in place of the visit line that the time was not booked for the number’s coming visit', async () => {
    const user = userEvent.setup()
    renderForm(false)
    await fill(user)
    answers.push(
      () =>
        new Response(JSON.stringify({ok: true, receipt: 'R-20261122-AB12', visitHeld: 'resent'}), {
          status: 201,
        }),
    )
    await user.click(screen.getByRole('button', {name: '등록하기'}))
    await screen.findByText('R-20261122-AB12')
    const line = document.querySelector('.registration-visit')
    expect(line?.textContent).toBe(
      '이미 예약하신 방문이 있어 새 시간은 잡지 않았습니다. 예약 확인·변경 링크를 등록하신 번호로 다시 보내 드렸습니다.',
    )
    expect(screen.queryByRole('link', {name: '예약 확인·변경'})).toBeNull()
  })
})

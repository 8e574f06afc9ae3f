// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import type {VisitorData} from '#shared/visitor-data/contract.ts'
import {VisitorDataPage} from './VisitorDataPage.tsx'

const NOW = Date.parse('2026-11-26T09:30:00+09:00')
const SITE = 'ulsan-lakepark'
const SESSION = {
  ok: true,
  token: 'session-token',
  expiresAt: new Date(NOW + 15 * 60_000).toISOString(),
}
const DATA: VisitorData = {
  ok: true,
  site: SITE,
  siteName: '솔담 레이크파크',
  phone: '010-2345-6789',
  leads: [
    {
      receipt: 'R-20261126-7Q2K',
      createdAt: new Date(NOW - 60_000).toISOString(),
      source: 'popup',
      name: '홍길동',
      phone: '010-2345-6789',
      message: null,
      attribution: {utmSource: 'naver'},
      stage: 'booked',
      stages: [],
      forwardedAt: null,
    },
  ],
  visits: [],
  texts: [],
  consents: [],
  refusal: null,
  requests: [],
  expiresAt: SESSION.expiresAt,
}

let calls: {url: string; body: unknown; auth: string | null}[]
let answers: Record<string, () => Response>

beforeEach(() => {
  vi.useFakeTimers({now: NOW, shouldAdvanceTime: true})
  sessionStorage.clear()
  calls = []
  answers = {
    '/api/visitor/code': () =>
      Response.json({ok: true, sentTo: '010-****-6789', expiresInMinutes: 5}, {status: 202}),
    '/api/visitor/verify': () => Response.json(SESSION),
    '/api/visitor/data': () => Response.json(DATA),
    '/api/visitor/erase': () =>
      Response.json({ok: true, leads: 1, visits: 0, waitlist: 0, texts: 2}),
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        auth: new Headers(init.headers).get('authorization'),
      })
      return answers[url]!()
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('VisitorDataPage', () => {
  it('from a link, sends the code to the link’s number, opens the data with it and keeps the session in the tab', async () => {
    const user = userEvent.setup({advanceTimers: vi.advanceTimersByTime})
    render(<VisitorDataPage site={SITE} link="link-token" />)
    expect(screen.queryByText('홍길동')).toBeNull()
    await user.click(screen.getByRole('button', {name: '인증번호 받기'}))
    expect(calls[0]).toEqual({
      url: '/api/visitor/code',
      body: {site: SITE, link: 'link-token'},
      auth: null,
    })
    expect(await screen.findByText(/010-\*\*\*\*-6789로 인증번호를 보냈습니다/)).toBeTruthy()
    await user.type(screen.getByLabelText('인증번호 6자리'), '48 29-13')
    await user.click(screen.getByRole('button', {name: '확인'}))
    expect(calls[1]).toEqual({
      url: '/api/visitor/verify',
      body: {site: SITE, link: 'link-token', code: '482913'},
      auth: null,
    })
    expect(await screen.findByText('홍길동')).toBeTruthy()
    expect(calls[2]).toMatchObject({url: '/api/visitor/data', auth: 'Bearer session-token'})
    expect(JSON.parse(sessionStorage.getItem(`visitor-data:${SITE}`)!)).toEqual({
      token: SESSION.token,
      expiresAt: SESSION.expiresAt,
    })
    expect(screen.getByText('유입 경로(utm_source)')).toBeTruthy()
  })

  it('a session that ended is forgotten, and the page asks for a code again with the server’s words', async () => {
    sessionStorage.setItem(`visitor-data:${SITE}`, JSON.stringify(SESSION))
    answers['/api/visitor/data'] = () =>
      Response.json(
        {ok: false, error: '본인 확인 시간이 지났습니다. 인증번호를 다시 받아 확인해 주세요.'},
        {status: 401},
      )
    render(<VisitorDataPage site={SITE} />)
    expect(
      await screen.findByText('본인 확인 시간이 지났습니다. 인증번호를 다시 받아 확인해 주세요.'),
    ).toBeTruthy()
    expect(screen.getByLabelText('휴대전화 번호')).toBeTruthy()
    expect(sessionStorage.getItem(`visitor-data:${SITE}`)).toBeNull()
  })

  it('asks once more before erasing, gives the focus back on 아니요, and says what went and what stays', async () => {
    const user = userEvent.setup({advanceTimers: vi.advanceTimersByTime})
    sessionStorage.setItem(`visitor-data:${SITE}`, JSON.stringify(SESSION))
    render(<VisitorDataPage site={SITE} />)
    const erase = await screen.findByRole('button', {name: '모두 삭제'})
    await user.click(erase)
    expect(document.activeElement).toBe(screen.getByRole('button', {name: '아니요'}))
    await user.keyboard('{Escape}')
    await vi.advanceTimersByTimeAsync(20)
    expect(document.activeElement).toBe(screen.getByRole('button', {name: '모두 삭제'}))
    expect(calls.some((call) => call.url === '/api/visitor/erase')).toBe(false)

    await user.click(screen.getByRole('button', {name: '모두 삭제'}))
    await user.click(screen.getByRole('button', {name: '예, 모두 삭제합니다'}))
    expect(await screen.findByRole('heading', {name: '모두 삭제했습니다'})).toBeTruthy()
    expect(
      screen.getByText(/등록 1건, 방문 예약 0건, 대기 신청 0건, 보낸 문자 2건을 삭제했습니다/),
    ).toBeTruthy()
    expect(screen.getByText(/광고 문자 수신거부 기록/)).toBeTruthy()
    expect(sessionStorage.getItem(`visitor-data:${SITE}`)).toBeNull()
  })
})

// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {MemoryRouter, Route, Routes} from 'react-router'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {WAITLIST_MESSAGES, type WaitlistView} from '#shared/visits/waitlist.ts'
import {WaitlistClaim} from './WaitlistClaim.tsx'

const NOW = Date.parse('2026-11-26T09:30:00+09:00')
const OFFERED: WaitlistView = {
  site: 'ulsan-lakepark',
  siteName: '솔담 레이크파크',
  name: '홍길동',
  visitAt: '2026-11-27T10:00:00+09:00',
  status: 'offered',
  expiresAt: new Date(NOW + 30 * 60_000).toISOString(),
  owner: true,
}
const VISIT_PAGE = '/ulsan-lakepark/visit/t0k'

let calls: string[]
let answer: () => Response

beforeEach(() => {
  vi.useFakeTimers({now: NOW, shouldAdvanceTime: true})
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url)
      return answer()
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function renderClaim(entry: WaitlistView) {
  render(
    <MemoryRouter initialEntries={['/ulsan-lakepark/waitlist/t0k']}>
      <Routes>
        <Route
          path="/:site/waitlist/:token"
          element={<WaitlistClaim token="t0k" initial={entry} />}
        />
        <Route path="/:site/visit/:token" element={<p>방문 예약 확인 페이지</p>} />
      </Routes>
    </MemoryRouter>,
  )
}

describe('WaitlistClaim', () => {
  it('shows the held time and the time left, and 예약 확정 books it and opens the visit', async () => {
    answer = () =>
      Response.json({ok: true, entry: {...OFFERED, status: 'claimed', manageUrl: VISIT_PAGE}})
    renderClaim(OFFERED)
    expect(screen.getByRole('heading', {name: '자리가 났습니다'})).toBeTruthy()
    expect(screen.getByText('11월 27일 (금) 10:00')).toBeTruthy()
    expect(screen.getByText('(남은 시간 30분 00초)')).toBeTruthy()
    expect(screen.getByText(/10:00까지/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', {name: '예약 확정'}))
    expect(calls).toEqual(['/api/visits/waitlist/t0k/claim'])
    expect(await screen.findByText('방문 예약 확인 페이지')).toBeTruthy()
  })

  it('says why a claim was refused, in the server’s words', async () => {
    answer = () => Response.json({ok: false, error: WAITLIST_MESSAGES.expired}, {status: 410})
    renderClaim(OFFERED)
    await userEvent.click(screen.getByRole('button', {name: '예약 확정'}))
    expect(await screen.findByText(WAITLIST_MESSAGES.expired)).toBeTruthy()
  })

  it('offers no claim from the registrant’s link, and tells a waiting entry its place', () => {
    renderClaim({...OFFERED, owner: false})
    expect(screen.queryByRole('button', {name: '예약 확정'})).toBeNull()
    expect(screen.getByText(WAITLIST_MESSAGES.notOwner)).toBeTruthy()
    cleanup()
    renderClaim({...OFFERED, status: 'waiting', expiresAt: undefined, ahead: 2})
    expect(screen.getByText(/앞에 2명이 기다리고 있습니다/)).toBeTruthy()
    expect(screen.getByText('대기 중')).toBeTruthy()
  })
})

// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import type {VisitView} from '#shared/visits/visit-view.ts'
import {VisitBooking} from './VisitBooking.tsx'

const BOOKED: VisitView = {
  receipt: 'RL-20261126-AB12',
  name: '홍길동',
  site: 'ulsan-lakepark',
  siteName: '울산 레이크파크',
  visitAt: '2026-11-27T10:00:00+09:00',
  status: 'booked',
  marketingConsent: true,
  marketingConfirmed: true,
  owner: true,
  address: '울산광역시 남구 삼산로 100',
  mapUrl: 'https://map.naver.com/p/search/삼산로100',
  changeable: true,
  confirmable: false,
  units: [
    {label: '84A', remaining: 3, checkedAt: '2026-11-26'},
    {label: '84B', remaining: 0, checkedAt: '2026-11-25'},
  ],
}

let calls: Array<{url: string; body: unknown}>
let answer: (url: string) => Response

beforeEach(() => {
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({url, body: init?.body ? JSON.parse(String(init.body)) : undefined})
      return answer(url)
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('VisitBooking', () => {
  it('shows the booking: receipt, name, time, address with its map', () => {
    answer = () => Response.json({ok: true, slots: []})
    render(<VisitBooking token="t0k" initial={BOOKED} />)
    expect(screen.getByText('RL-20261126-AB12')).toBeTruthy()
    expect(screen.getByText('홍길동')).toBeTruthy()
    expect(screen.getByText('11월 27일 (금) 10:00')).toBeTruthy()
    expect(screen.getByText('예약 확정')).toBeTruthy()
    expect(screen.getByRole('link', {name: /지도 보기/}).getAttribute('href')).toBe(BOOKED.mapUrl)
  })

  it('shows the arrival code on the visit’s day, and the arrival once checked in', () => {
    answer = () => Response.json({ok: true, slots: []})
    const {unmount} = render(
      <VisitBooking token="t0k" initial={{...BOOKED, arrivalCode: '0427'}} />,
    )
    const arrival = screen.getByRole('region', {name: '도착 확인 번호'})
    expect(arrival.textContent).toContain('0427')
    unmount()
    render(
      <VisitBooking
        token="t0k"
        initial={{...BOOKED, changeable: false, arrivedAt: '2026-11-27T00:52:00.000Z'}}
      />,
    )
    expect(screen.getByText('방문 완료')).toBeTruthy()
    expect(screen.getByText(/09:52에 방문이 확인되었습니다/)).toBeTruthy()
    expect(screen.queryByRole('region', {name: '도착 확인 번호'})).toBeNull()
  })

  it('leaves the address to the page when the page states the model house below', () => {
    answer = () => Response.json({ok: true, slots: []})
    render(<VisitBooking token="t0k" initial={BOOKED} houseShownBelow />)
    expect(screen.getByText('11월 27일 (금) 10:00')).toBeTruthy()
    expect(screen.queryByText('견본주택 위치')).toBeNull()
    expect(screen.queryByText(BOOKED.address!)).toBeNull()
  })

  it('shows the remaining units of each type, dated by the oldest count', () => {
    answer = () => Response.json({ok: true, slots: []})
    render(<VisitBooking token="t0k" initial={BOOKED} />)
    const section = screen.getByRole('region', {name: '잔여 세대 현황'})
    expect(section.querySelectorAll('li')).toHaveLength(2)
    expect(section.textContent).toContain('84A 잔여 3세대')
    expect(section.textContent).toContain('84B 마감')
    expect(section.textContent).toContain('11월 25일 기준')
  })

  it('leaves the remaining units out when no type is counted', () => {
    answer = () => Response.json({ok: true, slots: []})
    render(<VisitBooking token="t0k" initial={{...BOOKED, units: []}} />)
    expect(screen.queryByText('잔여 세대 현황')).toBeNull()
  })

  it('cancels only after a confirmation', async () => {
    const user = userEvent.setup()
    answer = () =>
      Response.json({ok: true, visit: {...BOOKED, status: 'cancelled', changeable: false}})
    render(<VisitBooking token="t0k" initial={BOOKED} />)
    await user.click(screen.getByRole('button', {name: '예약 취소'}))
    expect(calls).toHaveLength(0)
    await user.click(screen.getByRole('button', {name: '아니요'}))
    await user.click(screen.getByRole('button', {name: '예약 취소'}))
    await user.click(screen.getByRole('button', {name: '예, 취소합니다'}))
    expect(calls).toEqual([{url: '/api/visits/t0k/cancel', body: {}}])
    expect(await screen.findByText('방문 예약을 취소했습니다.')).toBeTruthy()
    expect(screen.getByText('예약 취소됨')).toBeTruthy()
    expect(screen.queryByRole('button', {name: '다른 시간으로 변경'})).toBeNull()
  })

  it('moves to another slot, offering the nearest free ones when it filled up', async () => {
    const user = userEvent.setup()
    let moves = 0
    answer = (url) => {
      if (url.startsWith('/api/visits/slots'))
        return Response.json({
          ok: true,
          slots: [
            {start: '2026-11-28T11:00:00+09:00', remaining: 1},
            {start: '2026-11-28T11:30:00+09:00', remaining: 2},
          ],
        })
      moves += 1
      return moves === 1
        ? Response.json(
            {
              ok: false,
              error: '선택하신 시간이 마감되었습니다. 다른 시간을 선택해 주세요.',
              slots: [{start: '2026-11-28T11:30:00+09:00', remaining: 2}],
            },
            {status: 409},
          )
        : Response.json({ok: true, visit: {...BOOKED, visitAt: '2026-11-28T11:30:00+09:00'}})
    }
    render(<VisitBooking token="t0k" initial={BOOKED} />)
    await user.click(screen.getByRole('button', {name: '다른 시간으로 변경'}))
    await user.click(await screen.findByRole('radio', {name: '11:00 1자리 남음'}))
    await user.click(screen.getByRole('button', {name: '이 시간으로 변경'}))
    expect(
      await screen.findByText('선택하신 시간이 마감되었습니다. 다른 시간을 선택해 주세요.'),
    ).toBeTruthy()
    await user.click(screen.getByRole('radio', {name: '11월 28일 (토) 11:30 2자리 남음'}))
    await user.click(screen.getByRole('button', {name: '이 시간으로 변경'}))
    expect(await screen.findByText('방문 일시를 변경했습니다.')).toBeTruthy()
    expect(screen.getByText('11월 28일 (토) 11:30')).toBeTruthy()
    expect(calls.filter((call) => call.url.endsWith('/move')).map((call) => call.body)).toEqual([
      {visitAt: '2026-11-28T11:00:00+09:00'},
      {visitAt: '2026-11-28T11:30:00+09:00'},
    ])
  })

  it('withdraws marketing consent', async () => {
    const user = userEvent.setup()
    answer = () => Response.json({ok: true, visit: {...BOOKED, marketingConsent: false}})
    render(<VisitBooking token="t0k" initial={BOOKED} />)
    await user.click(screen.getByRole('button', {name: '수신 동의 철회'}))
    expect(calls).toEqual([{url: '/api/visits/t0k/consent', body: {marketing: false}}])
    expect(await screen.findByText(/수신 동의를 철회했습니다/)).toBeTruthy()
    expect(screen.queryByRole('button', {name: '수신 동의 철회'})).toBeNull()
  })

  it('tells the visitor when the day’s moves are used up, and when to try again', async () => {
    const user = userEvent.setup()
    const limited =
      '방문 시간은 하루에 3번까지 바꿀 수 있습니다. 내일 0시부터 다시 바꿀 수 있습니다.'
    answer = (url) =>
      url.startsWith('/api/visits/slots')
        ? Response.json({ok: true, slots: [{start: '2026-11-28T11:00:00+09:00', remaining: 1}]})
        : Response.json(
            {ok: false, error: limited},
            {status: 429, headers: {'Retry-After': '52200'}},
          )
    render(<VisitBooking token="t0k" initial={BOOKED} />)
    await user.click(screen.getByRole('button', {name: '다른 시간으로 변경'}))
    await user.click(await screen.findByRole('radio', {name: '11:00 1자리 남음'}))
    await user.click(screen.getByRole('button', {name: '이 시간으로 변경'}))
    expect(await screen.findByText(limited)).toBeTruthy()
    expect(screen.getByText('11월 27일 (금) 10:00')).toBeTruthy()
  })

  it('asks the owner to confirm the marketing consent, with a POST', async () => {
    const user = userEvent.setup()
    const unconfirmed = {...BOOKED, marketingConfirmed: false}
    answer = () => Response.json({ok: true, visit: BOOKED})
    render(<VisitBooking token="t0k" initial={unconfirmed} />)
    expect(screen.getByRole('heading', {name: '마케팅 정보 수신 동의 확인'})).toBeTruthy()
    await user.click(screen.getByRole('button', {name: '네, 수신에 동의합니다'}))
    expect(calls).toEqual([{url: '/api/visits/t0k/consent', body: {marketing: true}}])
    expect(await screen.findByText(/수신 동의를 확인했습니다/)).toBeTruthy()
    expect(screen.queryByRole('button', {name: '네, 수신에 동의합니다'})).toBeNull()
    expect(screen.getByRole('button', {name: '수신 동의 철회'})).toBeTruthy()
  })

  it('offers no confirmation on the registrant’s link, only the withdrawal', () => {
    render(
      <VisitBooking token="t0k" initial={{...BOOKED, marketingConfirmed: false, owner: false}} />,
    )
    expect(screen.queryByRole('button', {name: '네, 수신에 동의합니다'})).toBeNull()
    expect(screen.getByText(/문자의 링크에서 확인하실 수 있습니다/)).toBeTruthy()
    expect(screen.getByRole('button', {name: '수신 동의 철회'})).toBeTruthy()
  })

  it('shows a registration without a visit: no time to change, the way to book, the consent', async () => {
    const user = userEvent.setup()
    const registered: VisitView = {
      ...BOOKED,
      visitAt: null,
      status: 'registered',
      marketingConfirmed: false,
      changeable: false,
    }
    answer = () => Response.json({ok: true, visit: {...registered, marketingConfirmed: true}})
    render(<VisitBooking token="t0k" initial={registered} />)
    expect(screen.getByRole('heading', {level: 1, name: '관심고객 등록 확인'})).toBeTruthy()
    expect(screen.queryByText('방문 일시')).toBeNull()
    expect(screen.queryByRole('button', {name: '예약 취소'})).toBeNull()
    expect(screen.getByRole('link', {name: '방문 예약 페이지'}).getAttribute('href')).toBe(
      '/ulsan-lakepark/customer',
    )
    expect(screen.getByText(/등록하실 때 이 번호로/)).toBeTruthy()
    await user.click(screen.getByRole('button', {name: '네, 수신에 동의합니다'}))
    expect(calls).toEqual([{url: '/api/visits/t0k/consent', body: {marketing: true}}])
    expect(await screen.findByText(/수신 동의를 확인했습니다/)).toBeTruthy()
  })

  it('offers 방문 확인 the day before and records it with a POST', async () => {
    answer = () =>
      Response.json({
        ok: true,
        visit: {...BOOKED, confirmable: false, confirmedAt: '2026-11-26T01:00:00.000Z'},
      })
    render(<VisitBooking token="t0k" initial={{...BOOKED, confirmable: true}} />)
    const section = screen.getByRole('region', {name: '방문 확인'})
    expect(section.textContent).toContain('11월 27일 (금) 10:00에 방문하실 예정이 맞으면')
    await userEvent.click(screen.getByRole('button', {name: '방문 확인'}))
    expect(calls.at(-1)?.url).toBe('/api/visits/t0k/confirm')
    expect(
      await screen.findByText('방문 확인을 받았습니다. 예약하신 시간에 뵙겠습니다.'),
    ).toBeTruthy()
    expect(screen.queryByRole('region', {name: '방문 확인'})).toBeNull()
    expect(
      screen.getByText('방문 예정을 확인해 주셨습니다. 예약하신 시간에 뵙겠습니다.'),
    ).toBeTruthy()
  })

  it('tells a no-show and leads to booking again', () => {
    render(
      <VisitBooking
        token="t0k"
        initial={{...BOOKED, changeable: false, noShowAt: '2026-11-27T02:00:00.000Z'}}
      />,
    )
    expect(screen.getByText('방문하지 않음')).toBeTruthy()
    expect(screen.getByText(/예약하신 시간에 방문하지 않으셔서 이 예약은 끝났습니다/)).toBeTruthy()
    expect(screen.getByRole('link', {name: '방문 예약 다시 하기'}).getAttribute('href')).toBe(
      '/ulsan-lakepark/customer',
    )
    expect(screen.queryByRole('button', {name: '다른 시간으로 변경'})).toBeNull()
  })

  it('tells a refusal in the server’s words', async () => {
    const user = userEvent.setup()
    answer = () =>
      Response.json({ok: false, error: '이미 시작된 방문은 취소할 수 없습니다.'}, {status: 409})
    render(<VisitBooking token="t0k" initial={BOOKED} />)
    await user.click(screen.getByRole('button', {name: '예약 취소'}))
    await user.click(screen.getByRole('button', {name: '예, 취소합니다'}))
    expect(await screen.findByText('이미 시작된 방문은 취소할 수 없습니다.')).toBeTruthy()
  })
})

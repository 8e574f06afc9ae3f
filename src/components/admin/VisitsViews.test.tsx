// @vitest-environment jsdom
import {render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it} from 'vitest'
import {kstDate} from '#shared/korea-time.ts'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import {TextsOutbox, textType} from './TextsOutbox.tsx'
import {VisitSchedule} from './VisitSchedule.tsx'

const fetchMock = signedInFetch()

const visit = (name: string, visitAt: string, status = 'booked') => ({
  leadId: name,
  receipt: `RL-${name}`,
  site: 'ulsan-lakepark',
  visitAt,
  status,
  name,
  phone: '010-1234-5678',
  message: name === '김철수' ? '2명 방문 예정' : null,
  source: 'popup',
  arrivedAt: null as string | null,
  arrivedBy: null as string | null,
  confirmedAt: null as string | null,
  noShowAt: null as string | null,
  noShowBy: null as string | null,
  stage: 'booked',
})

describe('VisitSchedule', () => {
  it('groups the bookings by day and time, with a phone link to tap', async () => {
    fetchMock.mockResolvedValue(
      Response.json({
        ok: true,
        items: [
          visit('홍길동', '2026-11-27T10:00:00+09:00'),
          visit('김철수', '2026-11-27T10:00:00+09:00'),
          visit('이영희', '2026-11-28T14:30:00+09:00', 'cancelled'),
        ],
      }),
    )
    render(<VisitSchedule sites={[{slug: 'ulsan-lakepark', name: '울산'}]} />)
    const friday = await screen.findByRole('region', {name: '11월 27일 (금) 2건'})
    expect(within(friday).getByRole('heading', {name: '10:00'})).toBeTruthy()
    expect(within(friday).getByText('2명 방문 예정')).toBeTruthy()
    const call = within(friday).getByRole('link', {name: '홍길동 010-1234-5678 전화 걸기'})
    expect(call.getAttribute('href')).toMatch(/^tel:/)
    const saturday = screen.getByRole('region', {name: '11월 28일 (토) 0건'})
    expect(within(saturday).getByText('취소')).toBeTruthy()
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/visits?days=1')
  })

  it('shows beside a slot its waiting list: entries waiting and seats held for an offer', async () => {
    fetchMock.mockResolvedValue(
      Response.json({
        ok: true,
        items: [visit('홍길동', '2026-11-27T10:00:00+09:00')],
        waitlist: [
          {site: 'ulsan-lakepark', start: '2026-11-27T10:00:00+09:00', waiting: 2, offered: 1},
        ],
      }),
    )
    render(<VisitSchedule sites={[{slug: 'ulsan-lakepark', name: '울산'}]} />)
    const friday = await screen.findByRole('region', {name: '11월 27일 (금) 1건'})
    expect(within(friday).getByText('대기 2명 · 안내 중 1명')).toBeTruthy()
  })

  it('asks again for one site', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async () => Response.json({ok: true, items: []}))
    render(<VisitSchedule sites={[{slug: 'ulsan-lakepark', name: '울산'}]} />)
    expect(await screen.findByText('오늘 잡힌 방문 예약이 없습니다.')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('현장'), 'ulsan-lakepark')
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe(
      '/api/admin/visits?days=1&site=ulsan-lakepark',
    )
    // The coming 14 days, asked for.
    await user.selectOptions(screen.getByLabelText('기간'), '14일')
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe(
      '/api/admin/visits?days=14&site=ulsan-lakepark',
    )
    expect(await screen.findByText('이 기간에 잡힌 방문 예약이 없습니다.')).toBeTruthy()
  })
})

describe('VisitSchedule check-in', () => {
  const today = kstDate(Date.now())
  const sites = [
    {slug: 'ulsan-lakepark', name: '울산'},
    {slug: 'yangsan-riverpark', name: '양산'},
  ]

  it('checks a visitor in by the code they show, naming the site, and shows 방문완료', async () => {
    const user = userEvent.setup()
    let arrived = false
    fetchMock.mockImplementation(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === '/api/admin/visits/check-in') {
        expect(JSON.parse(String(init?.body))).toEqual({site: 'yangsan-riverpark', code: '0427'})
        arrived = true
        return Response.json({
          ok: true,
          visit: {
            leadId: '홍길동',
            name: '홍길동',
            visitAt: `${today}T10:00:00+09:00`,
            arrivedAt: `${today}T00:52:00.000Z`,
          },
        })
      }
      const item = {...visit('홍길동', `${today}T10:00:00+09:00`), site: 'yangsan-riverpark'}
      return Response.json({
        ok: true,
        items: [
          arrived ? {...item, arrivedAt: `${today}T00:52:00.000Z`, arrivedBy: 'a@b.c'} : item,
        ],
      })
    })
    render(<VisitSchedule sites={sites} />)
    expect(await screen.findByText(/· 양산$/)).toBeTruthy()
    const form = screen.getByRole('heading', {name: '도착 확인'}).closest('form')!
    await user.selectOptions(within(form).getByLabelText('현장'), 'yangsan-riverpark')
    await user.type(within(form).getByLabelText('도착 확인 번호'), '0427')
    await user.click(within(form).getByRole('button', {name: '방문 확인'}))
    expect(await within(form).findByText('홍길동 님의 방문을 09:52에 확인했습니다.')).toBeTruthy()
    expect(await screen.findByText('방문완료 09:52')).toBeTruthy()
    expect(screen.queryByRole('button', {name: '홍길동 님 방문완료 처리'})).toBeNull()
  })

  it('checks a visitor of today in from the list, and says why a check-in was refused', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === '/api/admin/visits/check-in') {
        expect(JSON.parse(String(init?.body))).toEqual({visitId: '김철수'})
        return Response.json({ok: false, error: '이미 방문을 확인한 예약입니다.'}, {status: 409})
      }
      return Response.json({
        ok: true,
        items: [
          visit('김철수', `${today}T11:00:00+09:00`),
          visit('이영희', '2099-01-01T11:00:00+09:00'),
        ],
      })
    })
    render(<VisitSchedule sites={sites} />)
    await user.click(await screen.findByRole('button', {name: '김철수 님 방문완료 처리'}))
    expect(await screen.findByText('이미 방문을 확인한 예약입니다.')).toBeTruthy()
    // A visit of another day is checked in on its day.
    expect(screen.queryByRole('button', {name: '이영희 님 방문완료 처리'})).toBeNull()
  })
})

describe('VisitSchedule states and no-shows', () => {
  const today = kstDate(Date.now())
  const sites = [{slug: 'ulsan-lakepark', name: '솔담 레이크파크'}]

  it('names each visit’s state and its lead’s stage, and lists today’s unconfirmed to call', async () => {
    fetchMock.mockResolvedValue(
      Response.json({
        ok: true,
        items: [
          {...visit('최지우', `${today}T00:00:00+09:00`), confirmedAt: `${today}T01:00:00.000Z`},
          visit('박민수', `${today}T00:00:00+09:00`),
          {
            ...visit('정우성', `${today}T00:00:00+09:00`),
            arrivedAt: `${today}T00:05:00.000Z`,
            stage: 'visited',
          },
          {
            ...visit('한가인', `${today}T00:00:00+09:00`),
            noShowAt: `${today}T01:00:00.000Z`,
            noShowBy: 'no-show-job',
            stage: 'no-show',
          },
          visit('오세훈', `${today}T00:00:00+09:00`, 'cancelled'),
          {...visit('유재석', '2099-01-01T10:00:00+09:00'), owner: '김상담'},
        ],
      }),
    )
    render(<VisitSchedule sites={sites} />)
    const call = await screen.findByRole('region', {name: '오늘 전화 확인 미확인 1건'})
    expect(within(call).getByText('박민수')).toBeTruthy()
    expect(
      within(call).getByRole('link', {name: '박민수 010-1234-5678 전화 걸기'}).getAttribute('href'),
    ).toMatch(/^tel:/)
    const state = (name: string) =>
      screen.getByRole('button', {name: `${name} 님 문의 열기`}).closest('li')!
    expect(within(state('최지우')).getByText('확인됨')).toBeTruthy()
    expect(within(state('박민수')).getByText('미확인')).toBeTruthy()
    expect(within(state('정우성')).getByText('방문완료 09:05')).toBeTruthy()
    expect(within(state('정우성')).getByText('단계 방문완료')).toBeTruthy()
    expect(within(state('한가인')).getByText('노쇼')).toBeTruthy()
    expect(within(state('한가인')).getByText('단계 노쇼')).toBeTruthy()
    expect(within(state('오세훈')).getByText('취소')).toBeTruthy()
    // A visit of another day is a booking; its owner shows when leads have one.
    expect(within(state('유재석')).getByText('예약')).toBeTruthy()
    expect(state('유재석').textContent).toContain('담당 김상담')
    // Sites go by their names.
    expect(state('최지우').textContent).toContain('솔담 레이크파크')
  })

  it('marks a no-show in one tap once the slot started, and tells a refusal', async () => {
    const user = userEvent.setup()
    let marked = false
    fetchMock.mockImplementation(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === '/api/admin/visits/no-show') {
        const {visitId} = JSON.parse(String(init?.body)) as {visitId: string}
        if (visitId === '김철수')
          return Response.json(
            {ok: false, error: '방문을 확인한 예약입니다. 노쇼로 처리할 수 없습니다.'},
            {status: 409},
          )
        marked = true
        return Response.json({
          ok: true,
          visit: {leadId: visitId, noShowAt: new Date().toISOString()},
        })
      }
      const started = `${today}T00:00:00+09:00`
      return Response.json({
        ok: true,
        items: [
          marked
            ? {...visit('홍길동', started), noShowAt: new Date().toISOString(), stage: 'no-show'}
            : visit('홍길동', started),
          visit('김철수', started),
          visit('이영희', '2099-01-01T11:00:00+09:00'),
        ],
      })
    })
    render(<VisitSchedule sites={sites} />)
    await user.click(await screen.findByRole('button', {name: '홍길동 님 노쇼 기록'}))
    expect(await screen.findByText('홍길동 님을 노쇼로 기록했습니다.')).toBeTruthy()
    const entry = screen.getByRole('button', {name: '홍길동 님 문의 열기'}).closest('li')!
    expect(await within(entry).findByText('단계 노쇼')).toBeTruthy()
    expect(within(entry).queryByRole('button', {name: '홍길동 님 노쇼 기록'})).toBeNull()
    await user.click(screen.getByRole('button', {name: '김철수 님 노쇼 기록'}))
    expect(
      await screen.findByText('방문을 확인한 예약입니다. 노쇼로 처리할 수 없습니다.'),
    ).toBeTruthy()
    // A visit yet to start is no no-show.
    expect(screen.queryByRole('button', {name: '이영희 님 노쇼 기록'})).toBeNull()
  })
})

describe('VisitSchedule opens a lead', () => {
  it('opens the visitor’s lead from their name, and gives the focus back when it closes', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (url: RequestInfo | URL) => {
      if (String(url).startsWith('/api/admin/leads/'))
        return Response.json({ok: false, error: '문의를 찾을 수 없습니다.'}, {status: 404})
      return Response.json({ok: true, items: [visit('홍길동', '2026-11-27T10:00:00+09:00')]})
    })
    render(<VisitSchedule sites={[{slug: 'ulsan-lakepark', name: '울산'}]} />)
    const name = await screen.findByRole('button', {name: '홍길동 님 문의 열기'})
    await user.click(name)
    const panel = await screen.findByRole('region', {name: '문의 상세'})
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe(
      '/api/admin/leads/%ED%99%8D%EA%B8%B8%EB%8F%99',
    )
    await user.click(within(panel).getByRole('button', {name: '닫기'}))
    expect(screen.queryByRole('region', {name: '문의 상세'})).toBeNull()
    expect(document.activeElement).toBe(name)
  })
})

describe('TextsOutbox', () => {
  it('tells an SMS from an LMS by the carriers’ 90 bytes', () => {
    expect(textType('가'.repeat(45))).toBe('SMS')
    expect(textType('가'.repeat(46))).toBe('LMS')
    expect(textType('a'.repeat(90))).toBe('SMS')
  })

  it('shows the texts as bubbles and filters by phone', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async () =>
      Response.json({
        ok: true,
        items: [
          {
            to: '010-1234-5678',
            kind: 'confirmation',
            text: '[울산 레이크파크] 11월 27일 10:00 방문 예약이 확정되었습니다.',
            status: 'kept',
            createdAt: '2026-11-26T01:00:00.000Z',
          },
        ],
      }),
    )
    render(<TextsOutbox sender="1661-0440" />)
    expect(await screen.findByText(/방문 예약이 확정되었습니다/)).toBeTruthy()
    expect(screen.getByText('[SMS] 예약 확인')).toBeTruthy()
    expect(screen.getByText('보관(미발송)')).toBeTruthy()
    expect(screen.getByText('1661-0440')).toBeTruthy()
    await user.type(screen.getByLabelText('받는 번호'), '01012345678')
    await user.click(screen.getByRole('button', {name: '조회'}))
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/api/admin/messages?to=01012345678')
  })

  it('says why a text was refused, in Korean', async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({
        ok: true,
        items: [
          {
            to: '010-1234-5678',
            kind: 'moved',
            text: '[울산 레이크파크] 방문 시간이 11월 28일 14:30으로 변경되었습니다.',
            status: 'refused',
            reason: '받는 번호의 하루 문자 한도(8건)를 넘어 보내지 않음',
            createdAt: '2026-11-26T01:00:00.000Z',
          },
        ],
      }),
    )
    render(<TextsOutbox sender="1661-0440" />)
    expect(
      await screen.findByText('받는 번호의 하루 문자 한도(8건)를 넘어 보내지 않음'),
    ).toBeTruthy()
    expect(screen.getByText('거부됨')).toBeTruthy()
  })
})

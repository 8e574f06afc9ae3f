// @vitest-environment jsdom
import {render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it} from 'vitest'
import {kstDate} from '#shared/korea-time.ts'
import type {CallToMake} from '#shared/leads/today.ts'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import {TodayView} from './TodayView.tsx'

const fetchMock = signedInFetch()
const today = kstDate(Date.now())
const SITES = [{slug: 'yangsan-riverpark', name: '솔담 리버파크'}]

const visit = (name: string, time: string, extra: Record<string, unknown> = {}) => ({
  leadId: `visit-${name}`,
  receipt: `RL-${name}`,
  site: 'yangsan-riverpark',
  visitAt: `${today}T${time}:00+09:00`,
  status: 'booked',
  name,
  phone: '010-1234-5678',
  message: null,
  source: 'popup',
  arrivedAt: null,
  arrivedBy: null,
  confirmedAt: null,
  noShowAt: null,
  noShowBy: null,
  stage: 'booked',
  owner: 'kim@example.com',
  ...extra,
})

const call = (name: string, extra: Partial<CallToMake> = {}): CallToMake => ({
  leadId: `lead-${name}`,
  receipt: `RL-${name}`,
  site: 'yangsan-riverpark',
  name,
  phone: '010-5555-0101',
  stage: 'new',
  reasons: [{kind: 'new', receivedAt: new Date().toISOString(), dueAt: null}],
  lastCall: null,
  dueAt: null,
  overdue: false,
  triedToday: false,
  ...extra,
})

const answer = (visits: unknown[], calls: CallToMake[]) =>
  Response.json({ok: true, date: today, visits, calls})

describe('TodayView', () => {
  it('says so in Korean when the day holds nothing', async () => {
    fetchMock.mockResolvedValue(answer([], []))
    render(<TodayView sites={SITES} />)
    expect(await screen.findByText('오늘 예정된 방문이 없습니다.')).toBeTruthy()
    expect(screen.getByText('지금 전화할 내 문의가 없습니다.')).toBeTruthy()
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/today')
    // One site: nothing to choose.
    expect(screen.queryByLabelText('현장')).toBeNull()
  })

  it('lists the visitors by time and checks one in with one tap', async () => {
    const user = userEvent.setup()
    let arrived = false
    fetchMock.mockImplementation(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === '/api/admin/visits/check-in') {
        expect(JSON.parse(String(init?.body))).toEqual({visitId: 'visit-홍길동'})
        arrived = true
        return Response.json({
          ok: true,
          visit: {
            leadId: 'visit-홍길동',
            name: '홍길동',
            visitAt: `${today}T10:00:00+09:00`,
            arrivedAt: `${today}T00:52:00.000Z`,
          },
        })
      }
      return answer(
        [
          visit('홍길동', '10:00', arrived ? {arrivedAt: `${today}T00:52:00.000Z`} : {}),
          visit('김철수', '14:00', {confirmedAt: `${today}T00:10:00.000Z`}),
        ],
        [],
      )
    })
    render(<TodayView sites={SITES} />)
    const visits = await screen.findByRole('region', {name: '오늘 방문 예정 2명'})
    expect(within(visits).getByRole('heading', {name: '10:00'})).toBeTruthy()
    const entry = (name: string) =>
      within(visits)
        .getByRole('button', {name: `${name} 님 문의 열기`})
        .closest('li')!
    expect(within(entry('홍길동')).getByText('미확인')).toBeTruthy()
    expect(within(entry('김철수')).getByText('확인됨')).toBeTruthy()
    expect(entry('김철수').textContent).toContain('담당 kim')
    await user.click(within(visits).getByRole('button', {name: '홍길동 님 방문완료 처리'}))
    expect(await screen.findByText('홍길동 님의 방문을 09:52에 확인했습니다.')).toBeTruthy()
    expect(await within(entry('홍길동')).findByText('방문완료 09:52')).toBeTruthy()
    expect(within(visits).queryByRole('button', {name: '홍길동 님 방문완료 처리'})).toBeNull()
  })

  it('lists my calls with their reasons, and takes off the day a lead a call moved to tomorrow', async () => {
    const user = userEvent.setup()
    const late = call('늦은분', {
      reasons: [
        {
          kind: 'callback',
          at: new Date(Date.now() - 60 * 60_000).toISOString(),
        },
      ],
      stage: 'contacted',
      overdue: true,
    })
    const fresh = call('새분')
    let calledBack = false
    fetchMock.mockImplementation(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === `/api/admin/leads/${encodeURIComponent('lead-새분')}/calls`) {
        const body = JSON.parse(String(init?.body)) as {outcome: string; callbackAt: string}
        expect(body.outcome).toBe('callback')
        calledBack = true
        return Response.json(
          {
            ok: true,
            lead: {id: 'lead-새분', name: '새분', stage: 'new', callbackAt: body.callbackAt},
            calls: [],
            stages: [],
            notes: [],
          },
          {status: 201},
        )
      }
      return answer([], calledBack ? [late] : [late, fresh])
    })
    render(<TodayView sites={SITES} />)
    const calls = await screen.findByRole('region', {name: '전화할 내 문의 2건'})
    const cards = within(calls)
      .getAllByRole('listitem')
      .filter((item) => item.matches('.today-call'))
    expect(cards.map((card) => within(card).getAllByRole('button')[0]!.textContent)).toEqual([
      '늦은분',
      '새분',
    ])
    expect(within(cards[0]!).getByText('기한 지남')).toBeTruthy()
    expect(
      within(cards[0]!).getByText(/^재통화 약속 시각 지남 · (오늘|어제) \d{2}:\d{2}$/),
    ).toBeTruthy()
    expect(within(cards[1]!).getByText(/^신규 문의 · 오늘 \d{2}:\d{2} 접수$/)).toBeTruthy()
    expect(
      within(cards[1]!)
        .getByRole('link', {name: /010-5555-0101 전화 걸기/})
        .getAttribute('href'),
    ).toBe('tel:01055550101')
    expect(screen.getByRole('link', {name: '전화할 문의 2건 (기한 지남 1건)'})).toBeTruthy()

    await user.click(within(cards[1]!).getByRole('button', {name: '재통화 요청'}))
    await user.clear(within(cards[1]!).getByLabelText('다시 전화할 시각'))
    await user.type(
      within(cards[1]!).getByLabelText('다시 전화할 시각'),
      `${kstDate(Date.now() + 2 * 24 * 60 * 60_000)}T10:00`,
    )
    await user.click(within(cards[1]!).getByRole('button', {name: '재통화 요청 기록'}))
    expect(
      await screen.findByText(
        /^새분 님: 재통화 요청을 기록했습니다\. .+오늘 전화할 목록에서 뺐습니다\.$/,
      ),
    ).toBeTruthy()
    expect(screen.getByRole('region', {name: '전화할 내 문의 1건'})).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('heading', {name: '전화할 내 문의 1건'}))
  })
})

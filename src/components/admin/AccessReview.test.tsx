// @vitest-environment jsdom
import {act, render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it, vi} from 'vitest'
import type {AccessItem, AccessReview as Review} from '#shared/access/access-record.ts'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import {AccessReview} from './AccessReview.tsx'
import {AccessReviewReminder} from './AccessReviewReminder.tsx'

const fetchMock = signedInFetch()

const REVIEW: Review = {
  month: '2026-10',
  bulkThreshold: 50,
  people: [{actor: 'kim@example.com', tasks: {조회: 3, 다운로드: 1}, total: 4}],
  flags: {
    downloads: [
      {
        at: '2026-10-20T05:00:00.000Z',
        actor: 'kim@example.com',
        address: '10.0.0.1',
        count: 120,
        reason: null,
      },
    ],
    bulk: [],
    night: [],
    newAddresses: [],
    refused: [],
  },
  reviews: [],
}

const ITEM: AccessItem = {
  at: '2026-10-15T01:00:00.000Z',
  actor: 'kim@example.com',
  address: '10.0.0.1',
  task: '조회',
  subject: {leads: ['6f1c1d3e-8a7b-4c2d-9e0f-1a2b3c4d5e6f']},
  reason: null,
  method: 'GET',
  path: '/api/admin/leads/6f1c1d3e-8a7b-4c2d-9e0f-1a2b3c4d5e6f',
  status: 200,
  refused: null,
  receipts: ['R-20261015-7KQ2'],
  flags: ['new-address'],
}

describe('AccessReview', () => {
  it('shows last month’s flags, people and rows, and marks the month reviewed', async () => {
    vi.useFakeTimers({now: Date.parse('2026-11-10T10:00:00+09:00'), toFake: ['Date']})
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (init?.method === 'POST')
        return Response.json(
          {
            ok: true,
            month: '2026-10',
            reviews: [
              {at: '2026-11-10T01:00:00.000Z', reviewer: 'admin@example.com', note: '이상 없음'},
            ],
          },
          {status: 201},
        )
      if (url.startsWith('/api/admin/access-review')) return Response.json({ok: true, ...REVIEW})
      return Response.json({ok: true, items: [ITEM], nextCursor: null})
    })
    render(<AccessReview />)
    expect(await screen.findByRole('heading', {name: '2026년 10월 점검 기록'})).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/access-log?from=2026-10-01&to=2026-10-31&limit=100',
      expect.anything(),
    )
    const downloads = screen.getByRole('region', {name: '다운로드 1건'})
    expect(within(downloads).getByText(/사유: 적지 않음/).className).toBe('is-urgent')
    const rows = screen.getByRole('region', {name: '접속기록'})
    expect(within(rows).getByText('R-20261015-7KQ2')).toBeTruthy()
    expect(within(rows).getByText('새 접속 주소')).toBeTruthy()

    await userEvent.type(screen.getByLabelText('점검 내용'), '이상 없음')
    await userEvent.click(screen.getByRole('button', {name: '점검 완료로 표시'}))
    expect((await screen.findByRole('status')).textContent).toBe(
      '2026년 10월을 점검 완료로 표시했습니다.',
    )
    expect(screen.getByText('이상 없음', {selector: 'p'})).toBeTruthy()
    vi.useRealTimers()
  })
})

describe('AccessReviewReminder', () => {
  it('reminds while last month waits, and opens the review', async () => {
    fetchMock.mockResolvedValue(Response.json({ok: true, month: '2026-10', due: true}))
    const onOpen = vi.fn()
    render(<AccessReviewReminder onOpen={onOpen} />)
    await userEvent.click(await screen.findByRole('button', {name: '접속기록 점검 열기'}))
    expect(screen.getByText('2026년 10월 접속기록을 아직 점검하지 않았습니다.')).toBeTruthy()
    expect(onOpen).toHaveBeenCalledOnce()
  })

  it('says nothing once the month is reviewed', async () => {
    fetchMock.mockResolvedValue(Response.json({ok: true, month: '2026-10', due: false}))
    const {container} = render(<AccessReviewReminder onOpen={() => {}} />)
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    // The answer has been read and applied by the time a later task runs.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(container.textContent).toBe('')
  })
})

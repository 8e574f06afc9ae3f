// @vitest-environment jsdom
import {render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it} from 'vitest'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import {MessagesOutbox, textType} from './MessagesOutbox.tsx'
import {VisitSchedule} from './VisitSchedule.tsx'

const fetchMock = signedInFetch()

const visit = (name: string, start: string, status = 'booked') => ({
  leadId: name,
  receipt: `RL-${name}`,
  site: 'ulsan-lakepark',
  start,
  status,
  name,
  phone: '010-1234-5678',
  message: name === '김철수' ? '2명 방문 예정' : null,
  source: 'popup',
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
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/visits?days=14')
  })

  it('asks again for one site', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async () => Response.json({ok: true, items: []}))
    render(<VisitSchedule sites={[{slug: 'ulsan-lakepark', name: '울산'}]} />)
    expect(await screen.findByText('이 기간에 잡힌 방문 예약이 없습니다.')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('현장'), 'ulsan-lakepark')
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe(
      '/api/admin/visits?days=14&site=ulsan-lakepark',
    )
  })
})

describe('MessagesOutbox', () => {
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
    render(<MessagesOutbox sender="1661-0440" />)
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
    render(<MessagesOutbox sender="1661-0440" />)
    expect(
      await screen.findByText('받는 번호의 하루 문자 한도(8건)를 넘어 보내지 않음'),
    ).toBeTruthy()
    expect(screen.getByText('거부됨')).toBeTruthy()
  })
})

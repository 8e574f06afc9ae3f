// @vitest-environment jsdom
import {render, screen} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it} from 'vitest'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import {TextsOutbox} from './TextsOutbox.tsx'

const fetchMock = signedInFetch()

describe('수신거부 기록 in the 문자 발송함', () => {
  it('records a number’s refusal, says what it cancelled and shows the outbox again', async () => {
    const user = userEvent.setup()
    let cancelled = false
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url) === '/api/admin/refusals') {
        cancelled = true
        expect(init?.method).toBe('POST')
        expect(JSON.parse(String(init?.body))).toEqual({phone: '010 1234 5678'})
        return Response.json({
          ok: true,
          phone: '010-1234-5678',
          refusedAt: '2026-11-26T14:40:00.000Z',
          cancelled: 1,
        })
      }
      return Response.json({
        ok: true,
        items: [
          {
            to: '010-1234-5678',
            kind: 'advert',
            text: '(광고)[솔담 레이크파크] 잔여 세대: 84A 잔여 3세대',
            status: cancelled ? 'cancelled' : 'queued',
            createdAt: '2026-11-26T14:30:00.000Z',
          },
        ],
      })
    })
    render(<TextsOutbox sender="1661-0440" />)
    expect(await screen.findByText('대기')).toBeTruthy()
    expect(screen.getByText('[SMS] 광고')).toBeTruthy()
    await user.type(screen.getByLabelText('수신거부 번호'), '010 1234 5678')
    await user.click(screen.getByRole('button', {name: '수신거부 기록'}))
    expect(
      await screen.findByText(
        '010-1234-5678의 광고 문자 수신거부를 기록했습니다. 대기 중이던 광고 문자 1건을 취소했습니다.',
      ),
    ).toBeTruthy()
    expect(await screen.findByText('취소(수신거부)')).toBeTruthy()
  })

  it('shows the server’s reason for a malformed number', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/admin/refusals'
        ? Response.json(
            {
              ok: false,
              error: '전화번호를 확인해 주세요.',
              fields: {phone: '올바른 전화번호 형식이 아닙니다.'},
            },
            {status: 400},
          )
        : Response.json({ok: true, items: []}),
    )
    render(<TextsOutbox sender={null} />)
    await user.type(screen.getByLabelText('수신거부 번호'), '12345')
    await user.click(screen.getByRole('button', {name: '수신거부 기록'}))
    expect(await screen.findByText('올바른 전화번호 형식이 아닙니다.')).toBeTruthy()
  })
})

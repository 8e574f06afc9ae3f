// @vitest-environment jsdom
import {fireEvent, render, screen, waitFor} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import type {Lead} from '#src/lib/api/leads.ts'
import {LeadsView} from './LeadsView.tsx'

const fetchMock = signedInFetch()

function lead(receipt: string, spam: boolean): Lead {
  return {
    id: receipt,
    receipt,
    createdAt: '2026-11-20T01:00:00.000Z',
    name: '홍길동',
    phone: '010-1234-5678',
    consent: true,
    marketingConsent: false,
    source: 'customer',
    site: 'ulsan',
    attribution: {},
    ...(spam ? {spam: 'too-fast' as const} : {}),
    delivery: {status: spam ? 'held' : 'delivered', attempts: spam ? 0 : 1},
    stage: 'new',
    repeats: 0,
  }
}

/** Answers the leads requests only when the test says so, in the order it chooses. */
function heldAnswers() {
  const waiting: Array<{url: string; answer(leads: Lead[]): void; fail(): void}> = []
  fetchMock.mockImplementation(
    (input) =>
      new Promise((resolve) => {
        waiting.push({
          url: String(input),
          answer: (leads) =>
            resolve(
              new Response(JSON.stringify({ok: true, leads, nextCursor: null}), {status: 200}),
            ),
          fail: () =>
            resolve(
              new Response(JSON.stringify({ok: false, error: '목록을 불러오지 못했습니다.'}), {
                status: 503,
              }),
            ),
        })
      }),
  )
  return waiting
}

describe('LeadsView', () => {
  it('keeps the spam list on screen when the earlier list answers after it', async () => {
    const waiting = heldAnswers()
    render(<LeadsView email="staff@example.com" sites={[]} administrator />)
    await waitFor(() => expect(waiting).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', {name: '스팸으로 분류된 문의'}))
    await waitFor(() => expect(waiting).toHaveLength(2))
    expect(waiting[1]?.url).toContain('spam=1')

    waiting[1]?.answer([lead('SPAM-1', true)])
    await screen.findByText('SPAM-1')
    waiting[0]?.answer([lead('LEAD-1', false)])
    await new Promise((resolve) => setTimeout(resolve, 20))

    expect(screen.getByText('SPAM-1')).toBeTruthy()
    expect(screen.queryByText('LEAD-1')).toBeNull()
    expect(screen.queryByText('불러오는 중...')).toBeNull()
  })

  it('marks a lead that was not texted because its number registered too often today', async () => {
    const waiting = heldAnswers()
    render(<LeadsView email="staff@example.com" sites={[]} administrator />)
    await waitFor(() => expect(waiting).toHaveLength(1))
    waiting[0]?.answer([
      {...lead('LEAD-4', false), repeats: 3, textsWithheld: 'phone-limit'},
      lead('LEAD-1', false),
    ])
    const row = (await screen.findByText('LEAD-4')).closest('tr')!
    expect(row.textContent).toContain('문자 미발송(같은 번호 하루 등록 한도 초과)')
    expect(screen.getByText('LEAD-1').closest('tr')!.textContent).not.toContain('문자 미발송')
  })

  it('shows no error from a list the staff have already left', async () => {
    const waiting = heldAnswers()
    render(<LeadsView email="staff@example.com" sites={[]} administrator />)
    await waitFor(() => expect(waiting).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', {name: '스팸으로 분류된 문의'}))
    await waitFor(() => expect(waiting).toHaveLength(2))
    waiting[1]?.answer([])
    await screen.findByText('조건에 맞는 문의가 없습니다.')
    waiting[0]?.fail()
    await new Promise((resolve) => setTimeout(resolve, 20))

    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('조건에 맞는 문의가 없습니다.')).toBeTruthy()
  })
})

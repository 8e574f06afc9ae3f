// @vitest-environment jsdom
import {render, screen, within} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import type {LeadDetail} from './leads-api.ts'
import {LeadDetailPanel} from './LeadDetailPanel.tsx'

const fetchMock = signedInFetch()

const DETAIL: LeadDetail = {
  lead: {
    id: 'lead-1',
    receipt: 'R-20261126-AB12',
    createdAt: '2026-11-26T00:30:00.000Z',
    name: '홍길동',
    phone: '010-1234-5678',
    consent: true,
    marketingConsent: false,
    source: 'popup',
    site: 'ulsan-lakepark',
    attribution: {},
    delivery: {status: 'delivered', attempts: 1},
    stage: 'visited',
    repeats: 0,
  },
  notes: [{at: '2026-11-26T02:00:00.000Z', author: 'staff@example.com', text: '전화 드림'}],
  stages: [
    {at: '2026-11-28T00:52:00.000Z', actor: 'staff@example.com', from: 'booked', to: 'visited'},
  ],
  visitChanges: [
    {
      at: '2026-11-26T01:00:00.000Z',
      actor: null,
      change: 'move',
      from: '2026-11-27T10:00:00+09:00',
      to: '2026-11-28T10:00:00+09:00',
    },
    {
      at: '2026-11-28T00:52:00.000Z',
      actor: 'staff@example.com',
      change: 'check-in',
      from: null,
      to: null,
    },
  ],
  texts: [],
  related: [],
}

describe('LeadDetailPanel', () => {
  it('tells the visit’s changes in the lead’s history, in order, with who made them', async () => {
    fetchMock.mockResolvedValue(Response.json({ok: true, ...DETAIL}))
    render(
      <LeadDetailPanel
        id="lead-1"
        siteNames={new Map([['ulsan-lakepark', '솔담 레이크파크']])}
        onClose={() => {}}
        onChanged={() => {}}
        onOpen={() => {}}
      />,
    )
    const heading = await screen.findByRole('heading', {name: '메모와 진행 기록'})
    const history = heading.nextElementSibling as HTMLElement
    const items = within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      expect.stringMatching(
        /방문객\(예약 확인 링크\)방문 일시 변경: 11월 27일 \(금\) 10:00 → 11월 28일 \(토\) 10:00$/,
      ),
      expect.stringMatching(/staff@example\.com전화 드림$/),
      expect.stringMatching(/staff@example\.com견본주택 방문 확인\(도착\)$/),
      expect.stringMatching(/staff@example\.com상태 방문예약 → 방문완료$/),
    ])
  })

  it('tells a no-show the job marked and the visitor’s confirmation the day before', async () => {
    fetchMock.mockResolvedValue(
      Response.json({
        ok: true,
        ...DETAIL,
        notes: [],
        stages: [
          {at: '2026-11-27T02:00:00.000Z', actor: 'no-show-job', from: 'booked', to: 'no-show'},
        ],
        visitChanges: [
          {at: '2026-11-26T01:00:00.000Z', actor: null, change: 'confirm', from: null, to: null},
          {
            at: '2026-11-27T02:00:00.000Z',
            actor: 'no-show-job',
            change: 'no-show',
            from: '2026-11-27T10:00:00+09:00',
            to: null,
          },
        ],
      }),
    )
    render(
      <LeadDetailPanel
        id="lead-1"
        siteNames={new Map()}
        onClose={() => {}}
        onChanged={() => {}}
        onOpen={() => {}}
      />,
    )
    const heading = await screen.findByRole('heading', {name: '메모와 진행 기록'})
    const items = within(heading.nextElementSibling as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      expect.stringMatching(/방문객\(예약 확인 링크\)방문 예정 확인\(방문 확인 버튼\)$/),
      expect.stringMatching(/자동 처리노쇼: 11월 27일 \(금\) 10:00 예약에 방문하지 않음$/),
      expect.stringMatching(/자동 처리상태 방문예약 → 노쇼$/),
    ])
  })
})

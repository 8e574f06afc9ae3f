// @vitest-environment jsdom
import {render, screen, waitFor, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it, vi} from 'vitest'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import type {LeadDetail} from '#src/lib/api/leads.ts'
import {LeadDetailPanel} from './LeadDetailPanel.tsx'
import {testLead} from './testing.ts'

const fetchMock = signedInFetch()

const DETAIL: LeadDetail = {
  lead: testLead({stage: 'visited'}),
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
  calls: [],
  texts: [],
  related: [],
  owners: [
    {
      at: '2026-11-26T03:00:00.000Z',
      actor: 'boss@example.com',
      from: 'kim@example.com',
      to: 'lee@example.com',
    },
  ],
}

/** The lead's answer, and its owner's for the owner control. */
const answer = (input: RequestInfo | URL) =>
  String(input).endsWith('/owner')
    ? Response.json({ok: true, owner: 'lee@example.com', choices: []})
    : Response.json({ok: true, ...DETAIL})

/** The owner control's answer at once, and the panel's own requests' answers in turn. */
function answerInTurn(...answers: Response[]) {
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/owner') ? answer(input) : answers.shift()!,
  )
}

/** The bodies the panel sent to record calls, in order. */
const callBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/calls'))
    .map(([url, init]) => ({url, body: JSON.parse(String(init!.body)) as unknown}))

const renderPanel = (onChanged = () => {}) =>
  render(
    <LeadDetailPanel
      id="lead-1"
      siteNames={new Map([['ulsan-lakepark', '솔담 레이크파크']])}
      onClose={() => {}}
      onChanged={onChanged}
      onOpen={() => {}}
    />,
  )

const historyItems = async () => {
  const heading = await screen.findByRole('heading', {name: '메모와 진행 기록'})
  return within(heading.nextElementSibling as HTMLElement)
    .getAllByRole('listitem')
    .map((item) => item.textContent)
}

describe('LeadDetailPanel', () => {
  it('tells the visit’s changes in the lead’s history, in order, with who made them', async () => {
    fetchMock.mockImplementation(async (input) => answer(input))
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
      expect.stringMatching(/boss@example\.com담당자 kim → lee$/),
      expect.stringMatching(/staff@example\.com견본주택 방문 확인\(도착\)$/),
      expect.stringMatching(/staff@example\.com상태 방문예약 → 방문완료$/),
    ])
  })

  it('records a call in one tap beside a tap-to-call link, and shows it in the history', async () => {
    const NEW_LEAD = {...DETAIL, lead: {...DETAIL.lead, stage: 'new' as const}, stages: []}
    const called: LeadDetail = {
      ...NEW_LEAD,
      lead: {...NEW_LEAD.lead, stage: 'contacted', lastContactAt: '2026-11-30T01:00:00.000Z'},
      calls: [
        {
          at: '2026-11-30T01:00:00.000Z',
          actor: 'staff@example.com',
          outcome: 'connected',
          callbackAt: null,
        },
      ],
      stages: [
        {at: '2026-11-30T01:00:00.000Z', actor: 'staff@example.com', from: 'new', to: 'contacted'},
      ],
    }
    answerInTurn(
      Response.json({ok: true, ...NEW_LEAD}),
      Response.json({ok: true, ...called}, {status: 201}),
    )
    const onChanged = vi.fn()
    renderPanel(onChanged)
    const calls = await screen.findByRole('group', {name: '통화 결과'})
    expect(within(calls).getByRole('link', {name: /010-1234-5678 전화 걸기/})).toHaveProperty(
      'href',
      'tel:01012345678',
    )
    expect(screen.getByText('마지막 연락').nextElementSibling!.textContent).toBe('아직 없음')
    await userEvent.click(within(calls).getByRole('button', {name: '연결'}))
    await within(calls).findByText('연결된 통화를 기록했습니다.')
    expect(callBodies()).toEqual([
      {url: '/api/admin/leads/lead-1/calls', body: {outcome: 'connected'}},
    ])
    expect(onChanged).toHaveBeenCalledWith(called.lead)
    expect((screen.getByLabelText('상태') as HTMLSelectElement).value).toBe('contacted')
    expect(screen.getByText('마지막 연락').nextElementSibling!.textContent).not.toBe('아직 없음')
    // The call comes before the stage it moved.
    expect((await historyItems()).slice(-2)).toEqual([
      expect.stringMatching(/staff@example\.com통화 결과: 연결$/),
      expect.stringMatching(/staff@example\.com상태 신규 → 연락완료$/),
    ])
  })

  it('asks for the call back’s time, sends it as Seoul time and shows the answer’s refusal', async () => {
    const asked = '2026-12-01T05:00:00.000Z'
    answerInTurn(
      Response.json({ok: true, ...DETAIL}),
      Response.json(
        {
          ok: false,
          error: '통화 결과를 확인해 주세요.',
          fields: {callbackAt: '다시 전화할 시각은 지금 이후로 정해 주세요.'},
        },
        {status: 400},
      ),
      Response.json(
        {
          ok: true,
          ...DETAIL,
          lead: {...DETAIL.lead, callbackAt: asked, lastContactAt: '2026-11-30T01:00:00.000Z'},
          calls: [
            {
              at: '2026-11-30T01:00:00.000Z',
              actor: 'staff@example.com',
              outcome: 'callback',
              callbackAt: asked,
            },
          ],
        },
        {status: 201},
      ),
    )
    renderPanel()
    const calls = await screen.findByRole('group', {name: '통화 결과'})
    const ask = within(calls).getByRole('button', {name: '재통화 요청'})
    expect(ask.getAttribute('aria-expanded')).toBe('false')
    await userEvent.click(ask)
    expect(ask.getAttribute('aria-expanded')).toBe('true')
    const time = within(calls).getByLabelText('다시 전화할 시각')
    expect(document.activeElement).toBe(time)
    expect((time as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/)
    await userEvent.clear(time)
    await userEvent.type(time, '2026-12-01T14:00')
    await userEvent.click(within(calls).getByRole('button', {name: '재통화 요청 기록'}))
    await within(calls).findByText('다시 전화할 시각은 지금 이후로 정해 주세요.')
    expect(time.getAttribute('aria-invalid')).toBe('true')
    expect(callBodies()[0]?.body).toEqual({
      outcome: 'callback',
      callbackAt: '2026-12-01T14:00:00+09:00',
    })
    await userEvent.click(within(calls).getByRole('button', {name: '재통화 요청 기록'}))
    await within(calls).findByText(/^재통화 요청을 기록했습니다\. .+에 다시 전화하세요\.$/)
    await waitFor(() => expect(screen.getByText('재통화 예정')).toBeTruthy())
    expect((await historyItems()).at(-1)).toMatch(/통화 결과: 재통화 요청 \(.+에 다시 전화\)$/)
  })

  it('tells a no-show the job marked and the visitor’s confirmation the day before', async () => {
    fetchMock.mockResolvedValue(
      Response.json({
        ok: true,
        ...DETAIL,
        notes: [],
        owners: [],
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

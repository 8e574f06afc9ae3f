// @vitest-environment jsdom
import {cleanup, render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {useState} from 'react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import type {VisitSlot} from '#src/lib/visits/slots.ts'
import {VisitTimePicker} from './VisitTimePicker.tsx'

const SLOTS: VisitSlot[] = [
  {start: '2026-11-27T10:00:00+09:00', remaining: 3},
  {start: '2026-11-27T10:30:00+09:00', remaining: 0},
  {start: '2026-11-27T11:00:00+09:00', remaining: 1},
  {start: '2026-11-28T10:00:00+09:00', remaining: 0},
  {start: '2026-11-29T14:00:00+09:00', remaining: 4},
]

let requests: string[]
let site = 0

beforeEach(() => {
  requests = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url)
      return Response.json({
        ok: true,
        slots: SLOTS,
        holidays: [{date: '2026-11-29', name: '기념일'}],
      })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function Picker(props: {
  error?: string
  suggestions?: VisitSlot[]
  initial?: string
  current?: string
}) {
  const [value, setValue] = useState(props.initial ?? '')
  return (
    <>
      <VisitTimePicker
        id="visit"
        site={`site-${site}`}
        value={value}
        onChange={setValue}
        {...props}
      />
      <output data-testid="value">{value}</output>
    </>
  )
}

/** The registration's picker: a full time may be chosen for its waiting list. */
function WaitlistPicker() {
  const [value, setValue] = useState('')
  const [waiting, setWaiting] = useState(false)
  const choose = (start: string, wait: boolean) => {
    setValue(start)
    setWaiting(wait)
  }
  return (
    <>
      <VisitTimePicker
        id="visit"
        site={`site-${site}`}
        value={value}
        onChange={(start) => choose(start, false)}
        waitlist={{chosen: waiting, onChoose: (start) => choose(start, true)}}
      />
      <output data-testid="value">{`${value} ${waiting ? 'waitlist' : 'booking'}`}</output>
    </>
  )
}

describe('VisitTimePicker', () => {
  beforeEach(() => {
    // A site of its own per test: the picker's answers are cached for a few seconds.
    site += 1
  })

  it('names a national holiday on its day, for the eye and for a screen reader', async () => {
    render(<Picker />)
    const holiday = await screen.findByRole('tab', {name: '11월 29일 (일), 기념일'})
    expect(within(holiday).getByText('기념일')).toBeTruthy()
    expect(screen.getByRole('tab', {name: '11월 27일 (금)'}).textContent).not.toContain('기념일')
  })

  it('asks the slots endpoint for the site and starts with "decided later"', async () => {
    render(<Picker />)
    expect(await screen.findByRole('tab', {name: '11월 27일 (금)'})).toBeTruthy()
    expect(requests[0]).toBe(`/api/visits/slots?site=site-${site}&days=14`)
    expect(screen.getByRole('radio', {name: '방문 일시는 상담 후 결정'})).toHaveProperty(
      'checked',
      true,
    )
  })

  it('shows what is left and marks full times 마감, which cannot be chosen', async () => {
    render(<Picker />)
    const times = within(await screen.findByRole('radiogroup', {name: '11월 27일 (금) 방문 시간'}))
    expect(times.getByRole('radio', {name: '10:00 3자리 남음'})).toHaveProperty('disabled', false)
    expect(times.getByRole('radio', {name: '10:30 마감'})).toHaveProperty('disabled', true)
    expect(screen.getByRole('tab', {name: '11월 28일 (토), 마감'})).toBeTruthy()
  })

  it('offers a full time for its waiting list when the form takes one, and says so', async () => {
    const user = userEvent.setup()
    render(<WaitlistPicker />)
    const times = within(await screen.findByRole('radiogroup', {name: '11월 27일 (금) 방문 시간'}))
    const full = times.getByRole('radio', {name: '10:30 마감 대기 신청'})
    expect(full).toHaveProperty('disabled', false)
    await user.click(full)
    expect(screen.getByTestId('value').textContent).toBe('2026-11-27T10:30:00+09:00 waitlist')
    expect(full).toHaveProperty('checked', true)
    expect(screen.getByText(/마감되어 대기 신청으로 접수됩니다/)).toBeTruthy()
    expect(screen.getByText('선택한 시간: 11월 27일 (금) 10:30, 마감, 대기 신청')).toBeTruthy()
    await user.click(times.getByRole('radio', {name: '10:00 3자리 남음'}))
    expect(screen.getByTestId('value').textContent).toBe('2026-11-27T10:00:00+09:00 booking')
    expect(screen.queryByText(/마감되어 대기 신청으로 접수됩니다/)).toBeNull()
  })

  it('moves between days with the arrow keys and picks a time from the keyboard', async () => {
    const user = userEvent.setup()
    render(<Picker />)
    const first = await screen.findByRole('tab', {name: '11월 27일 (금)'})
    expect(first.getAttribute('aria-selected')).toBe('true')
    first.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    const third = screen.getByRole('tab', {name: '11월 29일 (일), 기념일'})
    expect(document.activeElement).toBe(third)
    expect(third.getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Tab}{ }')
    expect(screen.getByTestId('value').textContent).toBe('2026-11-29T14:00:00+09:00')
    expect(screen.getByText('선택한 시간: 11월 29일 (일) 14:00, 4자리 남음')).toBeTruthy()
    third.focus()
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(first)
    expect(first.getAttribute('aria-selected')).toBe('true')
  })

  it('shows the closed days as 휴관 with the reason, reached by the arrow keys, with no time to pick', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          ok: true,
          slots: SLOTS,
          holidays: [{date: '2026-12-03', name: '개천절'}],
          closed: [
            {date: '2026-11-30', reason: 'weekday'},
            {date: '2026-12-02', reason: 'closedDate'},
            {date: '2026-12-03', reason: 'holiday'},
          ],
        }),
      ),
    )
    const user = userEvent.setup()
    render(<Picker />)
    const sunday = await screen.findByRole('tab', {name: '11월 29일 (일)'})
    const monday = screen.getByRole('tab', {name: '11월 30일 (월), 휴관'})
    expect(within(monday).getByText('휴관')).toBeTruthy()
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'))).toEqual([
      '11월 27일 (금)',
      '11월 28일 (토), 마감',
      '11월 29일 (일)',
      '11월 30일 (월), 휴관',
      '12월 2일 (수), 휴관',
      '12월 3일 (목), 개천절, 휴관',
    ])
    // The first day with a free time is shown, not a closed one.
    expect(screen.getByRole('tab', {name: '11월 27일 (금)'}).getAttribute('aria-selected')).toBe(
      'true',
    )
    sunday.focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(monday)
    const panel = screen.getByRole('tabpanel')
    expect(panel.textContent).toContain('휴관일입니다 · 매주 월요일 휴관')
    expect(within(panel).queryByRole('radio')).toBeNull()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tabpanel').textContent).toContain('휴관일입니다 · 임시 휴관')
    await user.keyboard('{End}')
    expect(screen.getByRole('tabpanel').textContent).toContain('개천절 공휴일 휴관')
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement?.getAttribute('aria-label')).toBe('11월 27일 (금)')
    expect(screen.getByTestId('value').textContent).toBe('')
  })

  it('after a full slot shows the message and the nearest free slots to pick from', async () => {
    const user = userEvent.setup()
    render(
      <Picker
        error="선택하신 시간은 마감되었습니다."
        suggestions={[{start: '2026-11-29T14:00:00+09:00', remaining: 4}]}
      />,
    )
    const nearest = within(screen.getByRole('radiogroup', {name: '가장 가까운 빈 시간'}))
    await user.click(nearest.getByRole('radio', {name: '11월 29일 (일) 14:00 4자리 남음'}))
    expect(screen.getByTestId('value').textContent).toBe('2026-11-29T14:00:00+09:00')
    const group = screen.getByRole('group', {name: /방문 희망 일시/})
    expect(group.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('선택하신 시간은 마감되었습니다.')).toBeTruthy()
  })

  it('chooses no time, not even "decided later", when the chosen one has filled', async () => {
    render(<Picker initial="2026-11-27T10:30:00+09:00" />)
    const full = await screen.findByRole('radio', {name: '10:30 마감'})
    expect(full).toHaveProperty('checked', false)
    expect(full).toHaveProperty('disabled', true)
    expect(
      screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([])
    expect(document.querySelector('.visit-picker-live')?.textContent).toBe('')
  })

  it('marks the visit being moved 현재 예약, which cannot be chosen again', async () => {
    render(<Picker current="2026-11-27T10:00:00+09:00" />)
    const current = await screen.findByRole('radio', {name: '10:00 현재 예약'})
    expect(current).toHaveProperty('disabled', true)
    expect(current).toHaveProperty('checked', false)
    expect(screen.getByRole('radio', {name: '11:00 1자리 남음'})).toHaveProperty('disabled', false)
  })

  it('says so when the slots cannot be loaded, leaving "decided later"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('no', {status: 503})),
    )
    render(<Picker />)
    expect(await screen.findByText(/예약 가능한 시간을 불러오지 못했습니다/)).toBeTruthy()
    expect(screen.getByRole('radio', {name: '방문 일시는 상담 후 결정'})).toBeTruthy()
  })
})

// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {useState} from 'react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import type {VisitSlot} from '~/lib/visits/slots.ts'
import {VisitTimeSelect} from './VisitTimeSelect.tsx'

const SLOTS: VisitSlot[] = [
  {start: '2026-12-24T10:00:00+09:00', remaining: 2},
  {start: '2026-12-24T10:30:00+09:00', remaining: 0},
  {start: '2026-12-25T14:00:00+09:00', remaining: 4},
]

let site = 0
beforeEach(() => {
  site += 1
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ok: true, slots: SLOTS, holidays: [{date: '2026-12-25', name: '기독탄신일'}]}),
    ),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function Select({suggestions}: {suggestions?: VisitSlot[]}) {
  const [value, setValue] = useState('')
  return (
    <>
      <VisitTimeSelect
        id="visit"
        site={`select-${site}`}
        value={value}
        onChange={setValue}
        suggestions={suggestions}
      />
      <output data-testid="value">{value}</output>
    </>
  )
}

describe('VisitTimeSelect', () => {
  it('lists the times by day with what is left, a full one not choosable', async () => {
    render(<Select />)
    const select = screen.getByLabelText(/방문 희망 일시/)
    expect(await screen.findByRole('option', {name: '10:00 · 2자리 남음'})).toBeTruthy()
    const full = screen.getByRole('option', {name: '10:30 · 마감'}) as HTMLOptionElement
    expect(full.disabled).toBe(true)
    const groups = [...select.querySelectorAll('optgroup')].map((group) => group.label)
    expect(groups).toEqual(['12월 24일 (목)', '12월 25일 (금) 기독탄신일'])
    await userEvent.selectOptions(select, '2026-12-25T14:00:00+09:00')
    expect(screen.getByTestId('value').textContent).toBe('2026-12-25T14:00:00+09:00')
    await userEvent.selectOptions(select, '')
    expect(screen.getByTestId('value').textContent).toBe('')
  })

  it('offers the nearest free times of a full slot first', async () => {
    render(<Select suggestions={[SLOTS[2]!]} />)
    await screen.findByRole('option', {name: '14:00 · 4자리 남음'})
    const first = screen.getByLabelText(/방문 희망 일시/).querySelector('optgroup')
    expect(first?.label).toBe('가장 가까운 빈 시간')
    expect(first?.textContent).toBe('12월 25일 (금) 14:00 · 4자리 남음')
  })
})

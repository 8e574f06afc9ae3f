// @vitest-environment jsdom
import {cleanup, render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {LeadCards} from './LeadCards.tsx'
import {LeadFiltersFold} from './LeadFiltersFold.tsx'
import {NO_FILTERS} from '#src/lib/api/leads.ts'
import {testLead} from './testing.ts'

afterEach(cleanup)

describe('LeadCards', () => {
  it('gives each lead a card: the name opens it, the number calls, the visit and the stage', async () => {
    const onOpen = vi.fn()
    const booked = testLead({
      visit: {visitAt: '2026-12-01T14:00:00+09:00', status: 'booked'},
      stage: 'booked',
      lastContactAt: '2026-11-30T01:00:00.000Z',
    })
    render(<LeadCards leads={[booked, testLead({id: 'lead-2', name: '김영희'})]} onOpen={onOpen} />)
    const [first, second] = within(screen.getByRole('list', {name: '문의 목록'})).getAllByRole(
      'listitem',
    )
    expect(within(first!).getByRole('link', {name: /010-1234-5678/})).toHaveProperty(
      'href',
      'tel:01012345678',
    )
    expect(first!.textContent).toContain('방문 12월 1일 (화) 14:00')
    expect(first!.textContent).toContain('방문예약')
    expect(first!.textContent).toMatch(/마지막 연락 .+/)
    expect(second!.textContent).toContain('방문 예약 없음')
    expect(second!.textContent).toContain('신규')
    expect(second!.textContent).not.toContain('마지막 연락')
    await userEvent.click(
      within(first!).getByRole('button', {name: '홍길동 (R-20261126-AB12) 열기'}),
    )
    expect(onOpen).toHaveBeenCalledWith(booked)
  })
})

describe('LeadFiltersFold', () => {
  it('says how many filters are applied and unfolds them on a tap', async () => {
    const {rerender} = render(
      <LeadFiltersFold filters={NO_FILTERS}>
        <p>필터 양식</p>
      </LeadFiltersFold>,
    )
    const toggle = screen.getByRole('button', {name: '검색 조건 전체 보기'})
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await userEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)!.textContent).toBe(
      '필터 양식',
    )
    // Applied filters fold it again and are counted (the spam pile is not a filter).
    rerender(
      <LeadFiltersFold
        filters={{...NO_FILTERS, spam: true, stage: 'new', q: '5678', campaign: ' '}}
      >
        <p>필터 양식</p>
      </LeadFiltersFold>,
    )
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(toggle.textContent).toBe('검색 조건 2개 적용 중')
  })
})

// @vitest-environment jsdom
import {cleanup, fireEvent, render, screen} from '@testing-library/react'
import {MemoryRouter} from 'react-router'
import {afterEach, describe, expect, it} from 'vitest'
import {PremiumCardsSection} from './PremiumCardsSection.tsx'

const cards = [1, 2, 3, 4].map((number) => ({
  _id: `card-${number}`,
  number,
  title: `카드 ${number}`,
  text1: `첫째 줄 ${number}`,
  text2: `둘째 줄 ${number}`,
  link: number === 1 ? '/BusinessGuide/intro' : '/LocationEnvironment/intro',
  linkText: '자세히 보기',
}))

afterEach(cleanup)

describe('PremiumCardsSection', () => {
  it('shows four numbered cards, each with a collapsed toggle that controls its details', () => {
    render(
      <MemoryRouter>
        <PremiumCardsSection section={{heading: 'PREMIUM', text: '프리미엄'}} cards={cards} />
      </MemoryRouter>,
    )
    expect(screen.getAllByRole('listitem')).toHaveLength(4)
    expect(screen.getByText('01')).toBeTruthy()
    const toggle = screen.getByRole('button', {name: '카드 1 자세히 보기'})
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(details?.hidden).toBe(true)
    expect(details?.querySelector('a')?.getAttribute('href')).toBe('/BusinessGuide/intro')
  })

  it('expands a tapped card and collapses the one open before', () => {
    render(
      <MemoryRouter>
        <PremiumCardsSection section={null} cards={cards} />
      </MemoryRouter>,
    )
    const first = screen.getByRole('button', {name: '카드 1 자세히 보기'})
    const second = screen.getByRole('button', {name: '카드 2 자세히 보기'})
    fireEvent.click(first)
    expect(first.getAttribute('aria-expanded')).toBe('true')
    expect(document.getElementById(first.getAttribute('aria-controls') ?? '')?.hidden).toBe(false)
    fireEvent.click(second)
    expect(first.getAttribute('aria-expanded')).toBe('false')
    expect(second.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(second)
    expect(second.getAttribute('aria-expanded')).toBe('false')
  })
})

// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react'
import {createRoutesStub} from 'react-router'
import {afterEach, describe, expect, it} from 'vitest'
import {PremiumOverview} from './PremiumOverview.tsx'

afterEach(cleanup)

const card = (number: 1 | 2 | 3 | 4, link: string, linkText: string) => ({
  _id: `card-${number}`,
  number,
  title: `카드 ${number}`,
  text1: `첫째 줄 ${number}`,
  text2: null,
  link,
  linkText,
  image: null,
})

const cards = [
  card(1, '/ComplexGuide/community', '커뮤니티 보기'),
  card(2, '/LocationEnvironment/primium', '프리미엄 보기'),
  card(3, '/LocationEnvironment/primium/#top', '다시 보기'),
]

function renderAt(path: string) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/*',
      loader: () => ({settings: {complexName: '솔담 레이크파크'}, navigation: {}}),
      Component: () => <PremiumOverview cards={cards} themes={[]} />,
    },
  ])
  render(<Stub initialEntries={[path]} />)
}

describe('premium overview', () => {
  it('never links a card to the premium page itself, and keeps links to other pages', async () => {
    renderAt('/LocationEnvironment/primium')
    const links = await screen.findAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['커뮤니티 보기 (카드 1)', '/ComplexGuide/community'],
    ])
    expect(screen.getByText('첫째 줄 2')).toBeTruthy()
  })

  it('shows the same links on another page', async () => {
    renderAt('/FloorPlan/videos')
    expect(await screen.findAllByRole('link')).toHaveLength(3)
  })
})

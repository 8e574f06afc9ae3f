// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react'
import {MemoryRouter} from 'react-router'
import {afterEach, describe, expect, it} from 'vitest'
import {InteriorTypeList} from './InteriorTypeList.tsx'

afterEach(cleanup)

const page = (path: string, headings: string[]) => ({
  path,
  title: `인테리어 ${headings.join('·')}`,
  comingSoon: false,
  sections: headings.map((heading) => ({_key: `k${heading}`, heading})),
  attachmentUrl: null,
})

const pages = [page('/Interior/84A', ['84A', '84C']), page('/Interior/84B', ['84B', '84D'])]

function chips(current: string) {
  render(
    <MemoryRouter initialEntries={[current]}>
      <InteriorTypeList pages={pages} current={current} />
    </MemoryRouter>,
  )
  return screen.getAllByRole('link').map((link) => ({
    name: link.textContent,
    href: link.getAttribute('href'),
    current: link.getAttribute('aria-current'),
  }))
}

describe('interior type chips', () => {
  it('gives every chip its own target and marks only the first type of the page shown', () => {
    expect(chips('/Interior/84A')).toEqual([
      {name: '84A', href: '#section-k84A', current: 'page'},
      {name: '84C', href: '#section-k84C', current: null},
      {name: '84B', href: '/Interior/84B', current: null},
      {name: '84D', href: '/Interior/84B#section-k84D', current: null},
    ])
  })

  it('on the other page, leads back to the first page and marks its own first type', () => {
    const list = chips('/Interior/84B')
    expect(list.filter((chip) => chip.current === 'page').map((chip) => chip.name)).toEqual(['84B'])
    expect(list.map((chip) => chip.href)).toEqual([
      '/Interior/84A',
      '/Interior/84A#section-k84C',
      '#section-k84B',
      '#section-k84D',
    ])
    expect(new Set(list.map((chip) => chip.href)).size).toBe(list.length)
  })
})

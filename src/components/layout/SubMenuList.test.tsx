// @vitest-environment jsdom
import {act, cleanup, fireEvent, render, screen} from '@testing-library/react'
import {createMemoryRouter, RouterProvider} from 'react-router'
import {afterEach, describe, expect, it} from 'vitest'
import type {NavLinkItem} from './nav-groups.ts'
import {SubMenuList} from './SubMenuList.tsx'

afterEach(cleanup)

const links: NavLinkItem[] = [
  {key: 'intro', label: '브랜드 소개', href: '/Brand/intro', path: '/Brand/intro'},
  {
    key: 'community',
    label: '커뮤니티',
    href: '/ComplexGuide/community',
    path: '/ComplexGuide/community',
  },
]

/** Opened on the brand page, coming from the home page; where Back goes after a link. */
async function backAfterFollowing(replace: boolean): Promise<string> {
  const router = createMemoryRouter(
    [{path: '*', element: <SubMenuList links={links} pathname="/Brand/intro" replace={replace} />}],
    {initialEntries: ['/', '/Brand/intro'], initialIndex: 1},
  )
  render(<RouterProvider router={router} />)
  fireEvent.click(screen.getByRole('link', {name: '커뮤니티'}))
  expect(router.state.location.pathname).toBe('/ComplexGuide/community')
  await act(() => router.navigate(-1))
  return router.state.location.pathname
}

describe('SubMenuList', () => {
  it('marks the current page and links each item to its page', () => {
    const router = createMemoryRouter(
      [{path: '*', element: <SubMenuList links={links} pathname="/Brand/intro" />}],
      {initialEntries: ['/Brand/intro']},
    )
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('link', {name: '브랜드 소개'}).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(screen.getByRole('link', {name: '커뮤니티'}).getAttribute('aria-current')).toBeNull()
    expect(screen.getByRole('link', {name: '커뮤니티'}).getAttribute('href')).toBe(
      '/ComplexGuide/community',
    )
  })

  it('adds a history entry for the page followed to, so Back returns to the page before', async () => {
    expect(await backAfterFollowing(false)).toBe('/Brand/intro')
  })

  it('with replace, the page followed to takes the current entry: Back skips it', async () => {
    expect(await backAfterFollowing(true)).toBe('/')
  })
})

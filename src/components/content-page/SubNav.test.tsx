// @vitest-environment jsdom
import {cleanup, render, screen, within} from '@testing-library/react'
import {MemoryRouter} from 'react-router'
import {afterEach, describe, expect, it} from 'vitest'
import {comingSoonPaths} from '#src/lib/layout-data.ts'
import {SubMenuList} from '#src/components/layout/SubMenuList.tsx'
import {mainNavGroups} from '#src/components/layout/nav-groups.ts'
import {floorPlanSubNav} from '#src/lib/content-pages/floor-plan-nav.ts'
import {SubNav} from './SubNav.tsx'

afterEach(cleanup)

const unitTypes = ['59A', '59B', '84A', '84B', '114A'].map((slug) => ({
  slug,
  label: slug === '114A' ? '84C' : slug,
}))
// As the lake gives them: pages marked 준비 중 and the slugs of the types not yet supplied.
const later = comingSoonPaths(['/Interior/59A', null], ['59A', '59B', null])

const linkNames = () =>
  within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('links to what comes later', () => {
  it('are the 준비 중 pages and the floor plans of the types not yet supplied', () => {
    expect(later).toEqual(['/Interior/59A', '/FloorPlan/59A', '/FloorPlan/59B'])
  })

  it('carry the 준비 중 mark in the floor-plan sub-navigation, the supplied types none', () => {
    render(
      <MemoryRouter>
        <SubNav
          items={floorPlanSubNav(true, unitTypes, null)}
          current="/FloorPlan/59A"
          comingSoon={later}
        />
      </MemoryRouter>,
    )
    expect(linkNames()).toEqual(['59A준비 중', '59B준비 중', '84A', '84B', '84C'])
    expect(screen.getByRole('link', {name: '59A 준비 중'}).getAttribute('aria-current')).toBe(
      'page',
    )
  })

  it('carry the mark in the main menu', () => {
    const navigation = {
      siteMenu: null,
      menu: [
        {
          _key: 'interior',
          _type: 'menuGroup' as const,
          title: '인테리어',
          subMenu: [
            {_key: '59', _type: 'subMenuItem' as const, subTitle: '59㎡', subUrl: '/Interior/59A'},
            {_key: '84', _type: 'subMenuItem' as const, subTitle: '84㎡', subUrl: '/Interior/84A'},
          ],
        },
      ],
    }
    const [group] = mainNavGroups(navigation, null, later)
    render(
      <MemoryRouter>
        <nav>
          <SubMenuList links={group!.links} pathname="/" />
        </nav>
      </MemoryRouter>,
    )
    expect(linkNames()).toEqual(['59㎡준비 중', '84㎡'])
  })
})

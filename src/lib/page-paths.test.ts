import {describe, expect, it} from 'vitest'
import {breadcrumbFor, redirectTarget, siteHref, staticPagePaths} from './page-paths.ts'

describe('staticPagePaths', () => {
  it('holds every fixed route of the spec once', () => {
    const paths = staticPagePaths()
    expect(new Set(paths).size).toBe(paths.length)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/Brand/intro',
        '/LocationEnvironment/primium',
        '/FloorPlan/114A',
        '/FloorPlan/119B',
        '/privacy',
      ]),
    )
    expect(paths).toHaveLength(1 + 19 + 7 + 1)
  })
})

describe('redirectTarget', () => {
  it("sends the promotion addresses to the default site's pages", () => {
    expect(redirectTarget('/Promotion/Press', 'ulsan-lakepark')).toBe('/ulsan-lakepark/press')
    expect(redirectTarget('/Promotion/Customer', 'ulsan-lakepark')).toBe('/ulsan-lakepark/customer')
  })
  it('fixes the misspelt premium address', () => {
    expect(redirectTarget('/LocationEnvironment/premium', null)).toBe(
      '/LocationEnvironment/primium',
    )
  })
  it('leaves other addresses alone', () => {
    expect(redirectTarget('/Brand/intro', 'ulsan-lakepark')).toBeNull()
    expect(siteHref('/Brand/intro', 'ulsan-lakepark')).toBe('/Brand/intro')
    expect(siteHref('/Promotion/Customer', 'ulsan-lakepark')).toBe('/ulsan-lakepark/customer')
  })
})

describe('breadcrumbFor', () => {
  const menu = [
    {
      title: '브랜드',
      subMenu: [
        {subTitle: '브랜드 소개', subUrl: '/Brand/intro'},
        {subTitle: '홍보영상', subUrl: '/Brand/video'},
      ],
    },
    {title: '사업개요', subMenu: [{subTitle: '사업개요', subUrl: '/BusinessGuide/intro'}]},
  ]
  it('goes home, then the menu group, then the page', () => {
    expect(breadcrumbFor('/Brand/video', '홍보영상', menu)).toEqual([
      {name: '홈', path: '/'},
      {name: '브랜드', path: '/Brand/intro'},
      {name: '홍보영상', path: '/Brand/video'},
    ])
  })
  it('skips the group when its first link is the page itself or no group lists it', () => {
    expect(breadcrumbFor('/BusinessGuide/intro', '사업개요', menu)).toHaveLength(2)
    expect(breadcrumbFor('/privacy', '개인정보처리방침', menu)).toEqual([
      {name: '홈', path: '/'},
      {name: '개인정보처리방침', path: '/privacy'},
    ])
  })
})

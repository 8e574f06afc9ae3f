import {describe, expect, it} from 'vitest'
import {siteInventory, type SiteMapData} from './site-inventory.ts'

const data = {
  pages: [{path: '/Brand/intro', _updatedAt: '2025-02-01T00:00:00Z'}],
  homeUpdatedAt: '2025-03-01T00:00:00Z',
  privacyUpdatedAt: '2025-01-15T00:00:00Z',
  sites: [
    {slug: 'ulsan-lakepark', _updatedAt: '2025-01-01T00:00:00Z'},
    {slug: 'yangsan-riverpark', _updatedAt: '2025-01-02T00:00:00Z'},
  ],
  press: [
    {_id: 'press-2', site: 'ulsan-lakepark', _updatedAt: '2025-04-01T00:00:00Z'},
    {_id: 'press-1', site: 'ulsan-lakepark', _updatedAt: '2025-03-10T00:00:00Z'},
  ],
} as unknown as SiteMapData

describe('siteInventory', () => {
  const entries = siteInventory(data)
  const lastmod = (path: string) => entries.find((entry) => entry.path === path)?.lastmod

  it('lists the fixed pages, every site press list and customer page, and every post', () => {
    const paths = entries.map((entry) => entry.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/Brand/intro',
        '/FloorPlan/84A',
        '/privacy',
        '/ulsan-lakepark/press',
        '/ulsan-lakepark/customer',
        '/yangsan-riverpark/press',
        '/yangsan-riverpark/customer',
        '/ulsan-lakepark/press/press-2',
        '/ulsan-lakepark/press/press-1',
      ]),
    )
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('dates each page by its content', () => {
    expect(lastmod('/')).toBe('2025-03-01T00:00:00Z')
    expect(lastmod('/Brand/intro')).toBe('2025-02-01T00:00:00Z')
    expect(lastmod('/privacy')).toBe('2025-01-15T00:00:00Z')
    expect(lastmod('/ulsan-lakepark/press/press-1')).toBe('2025-03-10T00:00:00Z')
    // A press list changes with its newest post.
    expect(lastmod('/ulsan-lakepark/press')).toBe('2025-04-01T00:00:00Z')
    expect(lastmod('/yangsan-riverpark/press')).toBe('2025-01-02T00:00:00Z')
  })
})

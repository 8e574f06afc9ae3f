import {describe, expect, it} from 'vitest'
import {isSitePathOrUrl} from './sitePath.ts'

describe('isSitePathOrUrl', () => {
  it('accepts the site routes with their capitals and http(s) addresses', () => {
    for (const link of [
      '/',
      '/Brand/intro',
      '/FloorPlan/114A',
      '/LocationEnvironment/primium',
      'https://www.example.com/a?b=1',
    ]) {
      expect(isSitePathOrUrl(link), link).toBe(true)
    }
  })

  it('refuses relative paths, spaces, double slashes and other schemes', () => {
    for (const link of [
      'Brand/intro',
      '/Brand intro',
      '//Brand',
      '/Brand/',
      'javascript:alert(1)',
      'ftp://example.com',
    ]) {
      expect(isSitePathOrUrl(link), link).toBe(false)
    }
  })
})

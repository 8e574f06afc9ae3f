import {afterEach, describe, expect, it, vi} from 'vitest'
import {isCrossSite} from './cross-site.ts'

const request = (headers: Record<string, string>) =>
  new Request('http://localhost:8888/api/admin/refresh', {method: 'POST', headers})

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('isCrossSite', () => {
  it("lets the site's own pages through, and requests that come from no page", () => {
    expect(
      isCrossSite(request({origin: 'http://localhost:8888', 'sec-fetch-site': 'same-origin'})),
    ).toBe(false)
    expect(isCrossSite(request({}))).toBe(false)
  })

  it('refuses another origin, however close, and a page the browser calls cross-site', () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost:3333',
      'http://127.0.0.1:8888',
      'null',
    ]) {
      expect(isCrossSite(request({origin})), origin).toBe(true)
    }
    expect(isCrossSite(request({'sec-fetch-site': 'cross-site'}))).toBe(true)
    expect(
      isCrossSite(request({origin: 'http://localhost:8888', 'sec-fetch-site': 'cross-site'})),
    ).toBe(true)
  })

  it(
    'takes the configured public address as the site too ' +
      '(a proxy in front changes the address a function sees)',
    () => {
      expect(isCrossSite(request({origin: 'https://www.soldam.example'}))).toBe(true)
      vi.stubEnv('SITE_URL', 'https://www.soldam.example/')
      expect(isCrossSite(request({origin: 'https://www.soldam.example'}))).toBe(false)
    },
  )
})

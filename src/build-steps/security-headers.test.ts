import {createHash} from 'node:crypto'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {
  contentOrigins,
  frameSources,
  inlineScriptHashes,
  isTourPage,
  pagePolicy,
  pathsOfPage,
  permissionsPolicy,
} from './security-headers.ts'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('security headers', () => {
  it('hashes every inline script, not external ones', () => {
    const html =
      '<head><script>a=1</script><script type="module" src="/x.js"></script></head><body><script type="application/ld+json">{"@type":"Thing"}</script><script></script></body>'
    expect(inlineScriptHashes(html)).toEqual([sha('a=1'), sha('{"@type":"Thing"}')])
  })

  it('allows frames from the site for its tours, and from YouTube only while a video is on YouTube', () => {
    expect(frameSources({youtubeVideos: 0, tours: 2})).toEqual(["'self'"])
    expect(frameSources({youtubeVideos: 1, tours: 2})).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
    ])
    expect(frameSources({youtubeVideos: 1, tours: 0})).toEqual(['https://www.youtube-nocookie.com'])
    expect(frameSources({youtubeVideos: 0, tours: 0})).toEqual(["'none'"])
  })

  it('lets only the tour pages be framed, by the site itself, and draw blob: pictures', () => {
    const sources = {
      contentOrigins: ['https://cdn.example'],
      frameSources: ["'self'"],
      upgradeInsecureRequests: false,
    }
    const directives = (policy: string) =>
      Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d]))
    expect(isTourPage('tour/84A/index.html')).toBe(true)
    expect(isTourPage('FloorPlan/Emodel/index.html')).toBe(false)
    expect(isTourPage('tours.html')).toBe(false)
    const tour = directives(pagePolicy([], sources, {tour: true}))
    expect(tour['frame-ancestors']).toBe("frame-ancestors 'self'")
    expect(tour['img-src']).toBe("img-src 'self' data: blob: https://cdn.example")
    expect(tour['worker-src']).toBe("worker-src 'none'")
    const page = directives(pagePolicy([], sources))
    expect(page['img-src']).toBe("img-src 'self' data: https://cdn.example")
    expect(page['media-src']).toBe("media-src 'self' https://cdn.example")
  })

  it('never allows inline scripts, objects, framing by others or a foreign base', () => {
    const sources = {
      contentOrigins: ['http://127.0.0.1:4010'],
      frameSources: ["'self'"],
      upgradeInsecureRequests: false,
    }
    const policy = pagePolicy([sha('a=1')], sources)
    const directives = Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d]))
    expect(directives['script-src']).toBe(`script-src 'self' ${sha('a=1')}`)
    expect(directives['script-src']).not.toContain('unsafe')
    expect(directives['object-src']).toBe("object-src 'none'")
    expect(directives['base-uri']).toBe("base-uri 'self'")
    expect(directives['frame-ancestors']).toBe("frame-ancestors 'none'")
    expect(directives['frame-src']).toBe("frame-src 'self'")
    expect(directives['connect-src']).toBe("connect-src 'self' http://127.0.0.1:4010")
    expect(directives['upgrade-insecure-requests']).toBeUndefined()
    expect(pagePolicy([], {...sources, upgradeInsecureRequests: true})).toContain(
      'upgrade-insecure-requests',
    )
  })

  it('reads content from the configured host, or from Sanity in production', () => {
    const base = {
      projectId: 'abc123',
      dataset: 'production',
      apiVersion: '2025-02-19',
      siteUrl: 'https://x.kr',
    }
    expect(contentOrigins({...base, apiHost: 'http://127.0.0.1:4010'})).toEqual([
      'http://127.0.0.1:4010',
    ])
    expect(contentOrigins({...base, apiHost: null})).toEqual([
      'https://abc123.api.sanity.io',
      'https://cdn.sanity.io',
    ])
  })

  it('lets the staff workspace alone use the camera, for the QR codes at the door', () => {
    expect(permissionsPolicy(path.join('admin', 'leads', 'index.html'))).toMatch(
      /^camera=\(self\), /,
    )
    for (const page of ['index.html', path.join('ulsan-lakepark', 'customer', 'index.html')]) {
      expect(permissionsPolicy(page)).toMatch(/^camera=\(\), /)
    }
    expect(permissionsPolicy('index.html')).toContain('microphone=()')
  })

  it('maps prerendered files to the addresses they answer at', () => {
    expect(pathsOfPage('index.html')).toEqual(['/'])
    expect(pathsOfPage('Brand/intro/index.html')).toEqual(['/Brand/intro', '/Brand/intro/'])
  })
})

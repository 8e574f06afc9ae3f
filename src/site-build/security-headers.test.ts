import {createHash} from 'node:crypto'
import {describe, expect, it} from 'vitest'
import {contentOrigins, frameOrigins, inlineScriptHashes, pagePolicy, pathsOfPage} from './security-headers.ts'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('security headers', () => {
  it('hashes every inline script, not external ones', () => {
    const html = '<head><script>a=1</script><script type="module" src="/x.js"></script></head><body><script type="application/ld+json">{"@type":"Thing"}</script><script></script></body>'
    expect(inlineScriptHashes(html)).toEqual([sha('a=1'), sha('{"@type":"Thing"}')])
  })

  it('allows frames only from https tour hosts and the video host', () => {
    expect(frameOrigins(['https://tour.example/84a', 'https://tour.example/84b', 'http://insecure.example/x', 'not a url', null])).toEqual([
      'https://tour.example',
      'https://www.youtube-nocookie.com',
    ])
  })

  it('never allows inline scripts, objects, framing by others or a foreign base', () => {
    const sources = {contentOrigins: ['http://127.0.0.1:4010'], frameOrigins: ['https://tour.example'], upgradeInsecureRequests: false}
    const policy = pagePolicy([sha('a=1')], sources)
    const directives = Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d]))
    expect(directives['script-src']).toBe(`script-src 'self' ${sha('a=1')}`)
    expect(directives['script-src']).not.toContain('unsafe')
    expect(directives['object-src']).toBe("object-src 'none'")
    expect(directives['base-uri']).toBe("base-uri 'self'")
    expect(directives['frame-ancestors']).toBe("frame-ancestors 'none'")
    expect(directives['frame-src']).toBe('frame-src https://tour.example')
    expect(directives['connect-src']).toBe("connect-src 'self' http://127.0.0.1:4010")
    expect(directives['upgrade-insecure-requests']).toBeUndefined()
    expect(pagePolicy([], {...sources, upgradeInsecureRequests: true})).toContain('upgrade-insecure-requests')
  })

  it('reads content from the configured host, or from Sanity in production', () => {
    const base = {projectId: 'abc123', dataset: 'production', apiVersion: '2025-02-19', siteUrl: 'https://x.kr'}
    expect(contentOrigins({...base, apiHost: 'http://127.0.0.1:4010'})).toEqual(['http://127.0.0.1:4010'])
    expect(contentOrigins({...base, apiHost: null})).toEqual(['https://abc123.api.sanity.io', 'https://cdn.sanity.io'])
  })

  it('maps prerendered files to the addresses they answer at', () => {
    expect(pathsOfPage('index.html')).toEqual(['/'])
    expect(pathsOfPage('Brand/intro/index.html')).toEqual(['/Brand/intro', '/Brand/intro/'])
  })
})

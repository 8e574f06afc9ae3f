import {afterEach, describe, expect, it, vi} from 'vitest'
import {addressKey} from '../auth/address-key.ts'
import {
  EDGE_CLIENT_HEADER,
  EDGE_ONLY_MESSAGE,
  EDGE_PROOF_HEADER,
  EDGE_SECRET_ENV,
  throughEdgeOnly,
  visitorKey,
} from './visitor.ts'

const SECRET = 'stack-secret-0123456789'

function request(headers: Record<string, string>): Request {
  return new Request('http://localhost/api/admin/login', {method: 'POST', headers})
}

afterEach(() => vi.unstubAllEnvs())

describe('visitorKey', () => {
  it("on Netlify, keys the address Netlify's edge gives the function", () => {
    vi.stubEnv(EDGE_SECRET_ENV, '')
    const keys = ['203.0.113.1', '203.0.113.2'].map((ip) => visitorKey(request({}), {ip}))
    expect(keys).toEqual([addressKey('203.0.113.1'), addressKey('203.0.113.2')])
  })

  it('behind the local proxy, counts calls without its proof as one visitor', () => {
    vi.stubEnv(EDGE_SECRET_ENV, SECRET)
    // netlify-cli turns a caller's X-Forwarded-For into context.ip.
    const keys = Array.from({length: 7}, (_, index) => {
      const ip = `198.51.100.${index + 1}`
      const headers = {
        'x-forwarded-for': ip,
        'client-ip': ip,
        [EDGE_CLIENT_HEADER]: ip,
        ...(index % 2 ? {[EDGE_PROOF_HEADER]: `${SECRET.slice(0, -1)}x`} : {}),
      }
      return visitorKey(request(headers), {ip})
    })
    expect(new Set(keys).size).toBe(1)
    expect(keys).not.toContain(addressKey('198.51.100.1'))
  })

  it('behind the local proxy, keys the address it vouches for with the secret', () => {
    vi.stubEnv(EDGE_SECRET_ENV, SECRET)
    const proven = (ip: string) =>
      visitorKey(request({[EDGE_PROOF_HEADER]: SECRET, [EDGE_CLIENT_HEADER]: ip}), {
        ip: '127.0.0.1',
      })
    expect(proven('203.0.113.7')).toBe(addressKey('203.0.113.7'))
    expect(proven('203.0.113.8')).not.toBe(proven('203.0.113.7'))
  })
})

describe('throughEdgeOnly', () => {
  const handler = throughEdgeOnly(async () => new Response('handled'))

  it('behind the local proxy, answers only calls that carry its proof', async () => {
    vi.stubEnv(EDGE_SECRET_ENV, SECRET)
    const proven = await handler(request({[EDGE_PROOF_HEADER]: SECRET}))
    expect(await proven.text()).toBe('handled')
    for (const proof of [undefined, `${SECRET.slice(0, -1)}x`, '']) {
      const answer = await handler(request(proof === undefined ? {} : {[EDGE_PROOF_HEADER]: proof}))
      expect(answer.status).toBe(403)
      expect(await answer.json()).toEqual({ok: false, error: EDGE_ONLY_MESSAGE})
    }
  })

  it("on Netlify, answers every call: Netlify's edge is the only way in", async () => {
    vi.stubEnv(EDGE_SECRET_ENV, '')
    expect(await (await handler(request({}))).text()).toBe('handled')
  })
})

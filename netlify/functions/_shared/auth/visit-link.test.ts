import {describe, expect, it} from 'vitest'
import {linkOfToken, visitPath, visitToken} from './visit-link.ts'

const env = {AUTH_SECRET: 'a'.repeat(40)}
const otherEnv = {AUTH_SECRET: 'b'.repeat(40)}
const LEAD = '0f8fad5b-d9cb-469f-a165-70867728950e'

describe('visit link token', () => {
  it('gives back the lead id it was made for', () => {
    const token = visitToken(LEAD, env)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(linkOfToken(token, env)).toEqual({leadId: LEAD, holder: 'registrant'})
  })

  it("tells the owner's texted link from the registrant's", () => {
    const owner = visitToken(LEAD, env, 'owner')
    expect(owner).not.toBe(visitToken(LEAD, env))
    expect(linkOfToken(owner, env)).toEqual({leadId: LEAD, holder: 'owner'})
    expect(visitPath('gyeongsan', LEAD, env, 'owner')).toBe(`/gyeongsan/visit/${owner}`)
  })

  it('refuses a token with any character changed, or made under another secret', () => {
    const token = visitToken(LEAD, env)
    for (const at of [0, 20, 42]) {
      const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1)
      expect(linkOfToken(changed, env)).toBeNull()
    }
    expect(linkOfToken(visitToken(LEAD, otherEnv), env)).toBeNull()
    expect(linkOfToken(visitToken(LEAD, otherEnv, 'owner'), env)).toBeNull()
  })

  it('refuses malformed tokens', () => {
    for (const token of ['', 'x', '../../etc', visitToken(LEAD, env) + 'A', '%'.repeat(43)]) {
      expect(linkOfToken(token, env)).toBeNull()
    }
  })

  it('builds the visitor page path of a booking', () => {
    expect(visitPath('gyeongsan', LEAD, env)).toBe(`/gyeongsan/visit/${visitToken(LEAD, env)}`)
  })
})

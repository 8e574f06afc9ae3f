import {describe, expect, it} from 'vitest'
import {leadIdOfToken, visitPath, visitToken} from './token.ts'

const env = {AUTH_SECRET: 'a'.repeat(40)}
const otherEnv = {AUTH_SECRET: 'b'.repeat(40)}
const LEAD = '0f8fad5b-d9cb-469f-a165-70867728950e'

describe('visit link token', () => {
  it('gives back the lead id it was made for', () => {
    const token = visitToken(LEAD, env)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(leadIdOfToken(token, env)).toBe(LEAD)
  })

  it('refuses a token with any character changed, or made under another secret', () => {
    const token = visitToken(LEAD, env)
    for (const at of [0, 20, 42]) {
      const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1)
      expect(leadIdOfToken(changed, env)).toBeNull()
    }
    expect(leadIdOfToken(visitToken(LEAD, otherEnv), env)).toBeNull()
  })

  it('refuses malformed tokens', () => {
    for (const token of ['', 'x', '../../etc', visitToken(LEAD, env) + 'A', '%'.repeat(43)]) {
      expect(leadIdOfToken(token, env)).toBeNull()
    }
  })

  it('builds the visitor page path of a booking', () => {
    expect(visitPath('gyeongsan', LEAD, env)).toBe(`/gyeongsan/visit/${visitToken(LEAD, env)}`)
  })
})

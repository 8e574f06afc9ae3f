import {describe, expect, it} from 'vitest'
import {readConfig} from './defaults.ts'

describe('readConfig API host', () => {
  it('uses the local lake when no Sanity project is configured', () => {
    expect(readConfig({}).apiHost).toBe('http://127.0.0.1:4010')
    expect(readConfig({LAKE_PORT: '4310'}).apiHost).toBe('http://127.0.0.1:4310')
  })

  it("uses Sanity's hosted API for a real project with no host set, or an empty host", () => {
    expect(readConfig({SANITY_PROJECT_ID: 'abc123'}).apiHost).toBeUndefined()
    expect(readConfig({SANITY_API_HOST: ''}).apiHost).toBeUndefined()
  })

  it('uses a host that is set', () => {
    expect(
      readConfig({SANITY_PROJECT_ID: 'abc123', SANITY_API_HOST: 'http://127.0.0.1:5000'}).apiHost,
    ).toBe('http://127.0.0.1:5000')
  })
})

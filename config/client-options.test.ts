import {describe, expect, it} from 'vitest'
import {clientOptions} from './client-options.ts'
import {readConfig} from './settings.ts'

describe('clientOptions', () => {
  it('reads published documents without the CDN from the local lake', () => {
    expect(clientOptions(readConfig({LAKE_PORT: '14010'}))).toEqual({
      projectId: 'lakeside',
      dataset: 'production',
      apiVersion: '2025-02-19',
      useCdn: false,
      perspective: 'published',
      apiHost: 'http://127.0.0.1:14010',
      useProjectHostname: false,
    })
  })

  it("talks to Sanity's hosted API when no API host is set", () => {
    const options = clientOptions({
      projectId: 'abc123',
      dataset: 'production',
      apiVersion: '2025-02-19',
      apiHost: null,
    })
    expect(options).not.toHaveProperty('apiHost')
    expect(options).not.toHaveProperty('useProjectHostname')
  })

  it('never carries the write token, even when the configuration holds one', () => {
    const options = clientOptions(readConfig({SANITY_WRITE_TOKEN: 'sk-secret'}))
    expect(options).not.toHaveProperty('token')
    expect(JSON.stringify(options)).not.toContain('sk-secret')
  })
})

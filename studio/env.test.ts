import {describe, expect, it} from 'vitest'
import {SETTINGS} from '../config/settings.ts'
import {readStudioEnv} from './env.ts'

describe('readStudioEnv', () => {
  it('uses the local project and lake when nothing is set, as the site does', () => {
    expect(readStudioEnv({})).toEqual({
      projectId: SETTINGS.SANITY_PROJECT_ID.fallback,
      dataset: SETTINGS.SANITY_DATASET.fallback,
      apiHost: 'http://localhost:4010',
      siteUrl: 'http://localhost:8888',
    })
    expect(readStudioEnv({LAKE_PORT: '4310'}).apiHost).toBe('http://localhost:4310')
  })

  it('previews the site at SITE_URL, else the local site on PORT', () => {
    expect(readStudioEnv({PORT: '9000'}).siteUrl).toBe('http://localhost:9000')
    expect(readStudioEnv({SITE_URL: 'https://www.example.com/'}).siteUrl).toBe(
      'https://www.example.com',
    )
  })

  it("uses Sanity's hosted API for a real project, or when the host is set empty", () => {
    expect(readStudioEnv({SANITY_PROJECT_ID: 'abc123'}).apiHost).toBeUndefined()
    expect(readStudioEnv({SANITY_API_HOST: ' '}).apiHost).toBeUndefined()
  })

  it(
    'reaches a loopback lake through localhost, ' +
      'which browsers resolve for <projectId>.localhost',
    () => {
      const env = readStudioEnv({
        SANITY_PROJECT_ID: 'abc123',
        SANITY_DATASET: 'staging',
        SANITY_API_HOST: 'http://127.0.0.1:4310/',
      })
      expect(env).toMatchObject({
        projectId: 'abc123',
        dataset: 'staging',
        apiHost: 'http://localhost:4310',
      })
      expect(readStudioEnv({SANITY_API_HOST: 'https://api.example.com'}).apiHost).toBe(
        'https://api.example.com',
      )
    },
  )
})

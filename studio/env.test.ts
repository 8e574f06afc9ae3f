import { describe, expect, it } from 'vitest'
import { DEFAULT_DATASET, DEFAULT_PROJECT_ID } from '../config/defaults'
import { readStudioEnv } from './env'

describe('readStudioEnv', () => {
  it('uses the project defaults and Sanity hosted API when nothing is set', () => {
    expect(readStudioEnv({})).toEqual({ projectId: DEFAULT_PROJECT_ID, dataset: DEFAULT_DATASET, apiHost: undefined })
    expect(readStudioEnv({ SANITY_API_HOST: ' ' }).apiHost).toBeUndefined()
  })

  it('reaches a loopback lake through localhost, which browsers resolve for <projectId>.localhost', () => {
    const env = readStudioEnv({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'staging', SANITY_API_HOST: 'http://127.0.0.1:4310/' })
    expect(env).toEqual({ projectId: 'abc123', dataset: 'staging', apiHost: 'http://localhost:4310' })
    expect(readStudioEnv({ SANITY_API_HOST: 'https://api.example.com' }).apiHost).toBe('https://api.example.com')
  })
})

import {cleanup} from '@testing-library/react'
import {afterEach, beforeEach, vi} from 'vitest'
import {adminSession} from '#src/lib/admin-session.ts'

/**
 * For component tests of the administrator's screens: a session that always has a token,
 * and `fetch` replaced by the mock returned, reset after each test.
 */
export function signedInFetch() {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.spyOn(adminSession, 'getAccessToken').mockResolvedValue('token')
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    fetchMock.mockReset()
  })
  return fetchMock
}

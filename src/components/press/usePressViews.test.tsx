// @vitest-environment jsdom
import {cleanup, render, screen, waitFor} from '@testing-library/react'
import {StrictMode} from 'react'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {usePressViews} from './usePressViews.ts'

afterEach(cleanup)

function Views({id, loaded, doFetch}: {id: string; loaded: number; doFetch: typeof fetch}) {
  return <p>{usePressViews(id, loaded, doFetch)}</p>
}

describe('usePressViews', () => {
  it('counts one view per page open, also under strict mode, and shows the answered count', async () => {
    const doFetch = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ok: true, views: 8}), {status: 200}),
    )
    render(
      <StrictMode>
        <Views id="press-1" loaded={7} doFetch={doFetch} />
      </StrictMode>,
    )
    expect(screen.getByText('7')).toBeTruthy()
    await waitFor(() => expect(screen.getByText('8')).toBeTruthy())
    expect(doFetch).toHaveBeenCalledTimes(1)
    expect(doFetch.mock.calls[0]?.[0]).toBe('/api/press/press-1/views')
  })

  it('keeps the loaded count when the view is not counted', async () => {
    const doFetch = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ok: false, error: '조회 요청이 너무 많습니다.'}), {
          status: 429,
        }),
    )
    render(<Views id="press-1" loaded={7} doFetch={doFetch} />)
    await waitFor(() => expect(doFetch).toHaveBeenCalledTimes(1))
    expect(screen.getByText('7')).toBeTruthy()
  })
})

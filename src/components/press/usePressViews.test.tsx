// @vitest-environment jsdom
import {cleanup, render, screen, waitFor} from '@testing-library/react'
import {StrictMode} from 'react'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {usePressViewCounts, usePressViews} from './usePressViews.ts'

afterEach(cleanup)

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), {status})

function Views({id, doFetch}: {id: string; doFetch: typeof fetch}) {
  return <p data-testid="views">{usePressViews(id, doFetch)}</p>
}

function Counts({ids, doFetch}: {ids: string[]; doFetch: typeof fetch}) {
  const views = usePressViewCounts(ids, doFetch)
  return <p data-testid="counts">{ids.map((id) => `${id}=${views[id] ?? '?'}`).join(' ')}</p>
}

describe('usePressViews', () => {
  it('counts one view per page open, also under strict mode, and shows the answered count', async () => {
    const doFetch = vi.fn<typeof fetch>(async () => answer({ok: true, views: 8}))
    render(
      <StrictMode>
        <Views id="press-1" doFetch={doFetch} />
      </StrictMode>,
    )
    expect(screen.getByTestId('views').textContent).toBe('')
    await waitFor(() => expect(screen.getByTestId('views').textContent).toBe('8'))
    expect(doFetch).toHaveBeenCalledTimes(1)
    expect(doFetch.mock.calls[0]?.[0]).toBe('/api/press/press-1/views')
  })

  it('shows the count as it stands when the view is not counted', async () => {
    const doFetch = vi.fn<typeof fetch>(async (url) =>
      String(url).startsWith('/api/press/views')
        ? answer({ok: true, views: {'press-1': 7}})
        : answer({ok: false, error: '조회 요청이 너무 많습니다.'}, 429),
    )
    render(<Views id="press-1" doFetch={doFetch} />)
    await waitFor(() => expect(screen.getByTestId('views').textContent).toBe('7'))
    expect(doFetch.mock.calls.map((call) => call[0])).toEqual([
      '/api/press/press-1/views',
      '/api/press/views?ids=press-1',
    ])
  })
})

describe('usePressViewCounts', () => {
  it('reads the counts of the listed posts, and only of the posts that join the list', async () => {
    const doFetch = vi.fn<typeof fetch>(async (url) => {
      const ids = new URL(String(url), 'http://localhost').searchParams.get('ids')!.split(',')
      return answer({ok: true, views: Object.fromEntries(ids.map((id) => [id, id.length]))})
    })
    const {rerender} = render(<Counts ids={['a', 'bb']} doFetch={doFetch} />)
    expect(screen.getByTestId('counts').textContent).toBe('a=? bb=?')
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('a=1 bb=2'))
    rerender(<Counts ids={['a', 'bb', 'ccc']} doFetch={doFetch} />)
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('a=1 bb=2 ccc=3'))
    expect(doFetch.mock.calls.map((call) => call[0])).toEqual([
      '/api/press/views?ids=a,bb',
      '/api/press/views?ids=ccc',
    ])
  })

  it('asks again for counts that did not arrive', async () => {
    const doFetch = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(answer({ok: false, error: '잠시 후'}, 503))
      .mockResolvedValue(answer({ok: true, views: {a: 4, b: 5}}))
    const {rerender} = render(<Counts ids={['a']} doFetch={doFetch} />)
    await waitFor(() => expect(doFetch).toHaveBeenCalledTimes(1))
    rerender(<Counts ids={['a', 'b']} doFetch={doFetch} />)
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('a=4 b=5'))
    expect(doFetch.mock.calls[1]?.[0]).toBe('/api/press/views?ids=a,b')
  })
})

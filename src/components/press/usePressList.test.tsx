// @vitest-environment jsdom
import {cleanup, fireEvent, render, screen, waitFor} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import type {PressListItem, PressListStart} from '#src/lib/press/list.ts'
import {usePressList} from './usePressList.ts'

/** Posts newest first: b1…b20 were there at build time, n1 was published after it. */
const built: PressListItem[] = Array.from({length: 20}, (_, index) => ({
  _id: `b${index + 1}`,
  title: `b${index + 1}`,
  date: new Date(Date.UTC(2026, 9, 30 - index)).toISOString(),
}))
const now: PressListItem[] = [{_id: 'n1', title: 'n1', date: '2026-11-20T00:00:00.000Z'}, ...built]

const site = {
  _id: 'site-ulsan',
  slug: 'ulsan',
  name: '울산',
  image: null,
  logo: null,
  logoWhite: null,
  phone: null,
  company: null,
  registrationName: null,
}
const start: PressListStart = {site, total: built.length, items: built.slice(0, 10), hasMore: true}

type Waiting = {kind: 'start' | 'page'; answer(): void; fail(): void}
let waiting: Waiting[]

// The Content Lake with today's posts, answering each query only when the test says so.
beforeEach(() => {
  waiting = []
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: string) =>
        new Promise<Response>((resolve, reject) => {
          const fail = () => reject(new TypeError('Failed to fetch'))
          const afterId = new URL(input).searchParams.get('$afterId')
          if (afterId === null) {
            const result = {...site, total: now.length, posts: now.slice(0, 11)}
            waiting.push({kind: 'start', answer: () => resolve(Response.json({result})), fail})
            return
          }
          const from = now.findIndex((post) => post._id === JSON.parse(afterId)) + 1
          waiting.push({
            kind: 'page',
            answer: () => resolve(Response.json({result: now.slice(from, from + 11)})),
            fail,
          })
        }),
    ),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function List() {
  const list = usePressList(start)
  return (
    <>
      <ul>
        {list.items.map((item) => (
          <li key={item._id}>{item.title}</li>
        ))}
      </ul>
      <button type="button" onClick={list.loadMore}>
        {list.loadingMore ? '불러오는 중…' : '더보기'}
      </button>
    </>
  )
}

/** Answers what is asked, a request of the kind `first` before any other, until none is left. */
async function answerAll(first: Waiting['kind']) {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    const next = waiting.find((request) => request.kind === first) ?? waiting[0]
    if (!next) return
    waiting.splice(waiting.indexOf(next), 1)
    next.answer()
  }
}

const titles = () => screen.getAllByRole('listitem').map((item) => item.textContent)

describe('usePressList', () => {
  it.each(['page', 'start'] as const)(
    "pages on from the fresh first page when '더보기' is pressed before it arrives (%s answered first)",
    async (first) => {
      render(<List />)
      await waitFor(() => expect(waiting).toHaveLength(1))
      fireEvent.click(screen.getByRole('button', {name: '더보기'}))
      await answerAll(first)

      await waitFor(() => expect(screen.getByRole('button', {name: '더보기'})).toBeTruthy())
      expect(titles()).toEqual(now.slice(0, 20).map((post) => post.title))
    },
  )

  it('pages on from the list on screen when the fresh first page cannot be read', async () => {
    render(<List />)
    await waitFor(() => expect(waiting).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', {name: '더보기'}))
    waiting.shift()?.fail()
    await answerAll('page')

    await waitFor(() => expect(screen.getByRole('button', {name: '더보기'})).toBeTruthy())
    expect(titles()).toEqual(built.map((post) => post.title))
  })
})

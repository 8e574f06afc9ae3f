// @vitest-environment jsdom
import {act, cleanup, renderHook} from '@testing-library/react'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {useLoaded} from './use-loaded.ts'

type Answer = {ok: true; name: string} | {ok: false; error: string; fields?: Record<string, string>}

/** A call the test answers by hand, in any order. */
function calls() {
  const pending: Array<{asked: string; answer(result: Answer): Promise<void>}> = []
  const load = (asked: string) =>
    new Promise<Answer>((resolve) => {
      pending.push({
        asked,
        answer: async (result) => {
          resolve(result)
          // The hook's `then` runs on the next microtask.
          await act(async () => {})
        },
      })
    })
  return {pending, load}
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useLoaded', () => {
  it('is loading until the answer, then shows it', async () => {
    const {pending, load} = calls()
    const {result} = renderHook(() => useLoaded(() => load('a'), []))
    expect(result.current).toMatchObject({state: 'loading', data: null, error: null})
    await pending[0]!.answer({ok: true, name: '홍길동'})
    expect(result.current).toMatchObject({state: 'loaded', data: {name: '홍길동'}, error: null})
  })

  it('ignores an answer to an older request that arrives after the newer one', async () => {
    const {pending, load} = calls()
    const {result, rerender} = renderHook(({id}) => useLoaded(() => load(id), [id]), {
      initialProps: {id: 'old'},
    })
    rerender({id: 'new'})
    expect(pending.map((call) => call.asked)).toEqual(['old', 'new'])
    await pending[1]!.answer({ok: true, name: '새 답'})
    await pending[0]!.answer({ok: true, name: '옛 답'})
    expect(result.current).toMatchObject({state: 'loaded', data: {name: '새 답'}})
  })

  it('ignores an older failure too, and the newer request stays loading until it answers', async () => {
    const {pending, load} = calls()
    const {result, rerender} = renderHook(({id}) => useLoaded(() => load(id), [id]), {
      initialProps: {id: 'old'},
    })
    rerender({id: 'new'})
    await pending[0]!.answer({ok: false, error: '실패'})
    expect(result.current).toMatchObject({state: 'loading', error: null})
  })

  it('sets nothing once the view has gone, and runs no callback', async () => {
    const {pending, load} = calls()
    const onLoaded = vi.fn()
    const errors = vi.spyOn(console, 'error')
    const {result, unmount} = renderHook(() => useLoaded(() => load('a'), [], {onLoaded}))
    unmount()
    await pending[0]!.answer({ok: true, name: '늦은 답'})
    expect(result.current.state).toBe('loading')
    expect(onLoaded).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })

  it('reports a failure with its message and its fields', async () => {
    const {pending, load} = calls()
    const {result} = renderHook(() => useLoaded(() => load('a'), []))
    await pending[0]!.answer({
      ok: false,
      error: '기간을 확인해 주세요.',
      fields: {from: '날짜 형식'},
    })
    expect(result.current).toMatchObject({
      state: 'failed',
      data: null,
      error: '기간을 확인해 주세요.',
      fields: {from: '날짜 형식'},
    })
  })

  it('asks again on reload, clearing the answer unless told to keep it', async () => {
    const {pending, load} = calls()
    const {result} = renderHook(() => useLoaded(() => load('a'), []))
    await pending[0]!.answer({ok: false, error: '실패'})
    act(() => result.current.reload())
    expect(pending).toHaveLength(2)
    expect(result.current).toMatchObject({state: 'loading', error: null, fields: {}})
    await pending[1]!.answer({ok: true, name: '다시'})
    expect(result.current).toMatchObject({state: 'loaded', data: {name: '다시'}})
    act(() => result.current.reload())
    expect(result.current).toMatchObject({state: 'loading', data: null})
  })

  it('with keep, shows the last answer while the next loads and after it fails', async () => {
    const {pending, load} = calls()
    const {result} = renderHook(() => useLoaded(() => load('a'), [], {keep: true}))
    await pending[0]!.answer({ok: true, name: '처음'})
    act(() => result.current.reload())
    expect(result.current).toMatchObject({state: 'loading', data: {name: '처음'}})
    await pending[1]!.answer({ok: false, error: '실패'})
    expect(result.current).toMatchObject({state: 'failed', data: {name: '처음'}, error: '실패'})
  })

  it('runs onLoaded with each answer shown, and lets the view change what it shows', async () => {
    const {pending, load} = calls()
    const onLoaded = vi.fn()
    const {result} = renderHook(() => useLoaded(() => load('a'), [], {onLoaded}))
    await pending[0]!.answer({ok: true, name: '처음'})
    expect(onLoaded).toHaveBeenCalledWith({ok: true, name: '처음'})
    act(() => result.current.setData((data) => data && {...data, name: '고친 이름'}))
    expect(result.current.data).toEqual({ok: true, name: '고친 이름'})
  })

  it('polls with reads marked as polled, and stops when the view goes', async () => {
    vi.useFakeTimers()
    const load = vi.fn(async ({polled}: {polled: boolean}) => ({ok: true as const, polled}))
    const {result, unmount} = renderHook(() => useLoaded(load, [], {pollMs: 1000}))
    await act(async () => {})
    expect(result.current.data).toEqual({ok: true, polled: false})
    await act(async () => vi.advanceTimersByTime(1000))
    expect(load).toHaveBeenLastCalledWith({polled: true})
    expect(result.current).toMatchObject({state: 'loaded', data: {polled: true}})
    unmount()
    await act(async () => vi.advanceTimersByTime(5000))
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('keeps a poll’s newer answer when an older read answers after it', async () => {
    vi.useFakeTimers()
    const {pending, load} = calls()
    const {result} = renderHook(() =>
      useLoaded(({polled}) => load(polled ? 'poll' : 'first'), [], {pollMs: 1000}),
    )
    await act(async () => vi.advanceTimersByTime(1000))
    expect(pending.map((call) => call.asked)).toEqual(['first', 'poll'])
    await pending[1]!.answer({ok: true, name: '새 답'})
    await pending[0]!.answer({ok: false, error: '옛 실패'})
    expect(result.current).toMatchObject({state: 'loaded', data: {name: '새 답'}, error: null})
  })
})

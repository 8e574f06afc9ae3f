// @vitest-environment jsdom
import {act, cleanup, renderHook, waitFor} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'
import {useHistoryDialog} from './useHistoryDialog.ts'

afterEach(cleanup)

const onFlagEntry = () =>
  (window.history.state as Record<string, unknown> | null)?.testDialog === true

describe('useHistoryDialog', () => {
  it('pushes an entry on opening, keeping the state it found, and Back closes the dialog', async () => {
    window.history.replaceState({router: 'kept'}, '')
    const {result} = renderHook(() => useHistoryDialog('testDialog'))
    act(() => result.current.show())
    expect(result.current.open).toBe(true)
    expect(window.history.state).toEqual({router: 'kept', testDialog: true})
    act(() => window.history.back())
    await waitFor(() => expect(result.current.open).toBe(false))
    expect(onFlagEntry()).toBe(false)
  })

  it('closes through history on Escape, so the entry goes with the dialog', async () => {
    const {result} = renderHook(() => useHistoryDialog('testDialog'))
    act(() => result.current.show())
    let prevented = false
    act(() => result.current.onCancel({preventDefault: () => (prevented = true)} as never))
    expect(prevented).toBe(true)
    await waitFor(() => expect(result.current.open).toBe(false))
    expect(onFlagEntry()).toBe(false)
  })

  it('leaves its entry when the browser closed the dialog by itself', async () => {
    window.history.replaceState({}, '')
    const {result} = renderHook(() => useHistoryDialog('testDialog'))
    act(() => result.current.show())
    expect(onFlagEntry()).toBe(true)
    act(() => result.current.onClosed())
    expect(result.current.open).toBe(false)
    await waitFor(() => expect(onFlagEntry()).toBe(false))
  })

  it('closes at once, without going back, when it is not on its own entry', () => {
    const {result} = renderHook(() => useHistoryDialog('testDialog'))
    act(() => result.current.show())
    window.history.replaceState({}, '')
    const length = window.history.length
    act(() => result.current.close())
    expect(result.current.open).toBe(false)
    expect(window.history.length).toBe(length)
  })
})

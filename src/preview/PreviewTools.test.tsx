// @vitest-environment jsdom
import {act, cleanup, render, screen} from '@testing-library/react'
import type {VisualEditingProps} from '@sanity/visual-editing/react-router'
import {createMemoryRouter, RouterProvider} from 'react-router'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import PreviewTools, {AFTER_LAST_EDIT_MS} from './PreviewTools.tsx'

// The Studio's side of visual editing (its messages to the frame) is outside the page: the
// test takes the refresh handler the page gives it and calls it as the Studio's edits would.
const studio = vi.hoisted(() => ({refresh: undefined as VisualEditingProps['refresh']}))
vi.mock('@sanity/visual-editing/react-router', () => ({
  VisualEditing: ({refresh}: VisualEditingProps) => {
    studio.refresh = refresh
    return null
  },
}))

const edit = {source: 'mutation', livePreviewEnabled: false, document: {_id: 'drafts.homePage'}}

async function previewPage() {
  const loader = vi.fn(() => ({}))
  const router = createMemoryRouter([
    {path: '/', loader, element: <PreviewTools />, HydrateFallback: () => null},
  ])
  render(<RouterProvider router={router} />)
  await act(() => vi.advanceTimersByTimeAsync(0))
  loader.mockClear()
  return loader
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('PreviewTools', () => {
  it('shows that the page is a preview of drafts', async () => {
    await previewPage()
    expect(screen.getByRole('status').textContent).toContain('게시하지 않은 초안')
  })

  it('reads the page again on each edit, and once more when the edits pause', async () => {
    const loader = await previewPage()
    const refreshDefault = vi.fn(() => false as const)
    for (let keystroke = 0; keystroke < 3; keystroke++) {
      studio.refresh!(edit as never, refreshDefault)
      await act(() => vi.advanceTimersByTimeAsync(AFTER_LAST_EDIT_MS / 2))
    }
    expect(refreshDefault).toHaveBeenCalledTimes(3)
    expect(loader).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(AFTER_LAST_EDIT_MS / 2))
    expect(loader).toHaveBeenCalledOnce()
    await act(() => vi.advanceTimersByTimeAsync(AFTER_LAST_EDIT_MS * 2))
    expect(loader).toHaveBeenCalledOnce()
  })

  it('leaves a refresh that is not an edit (a manual reload) to the default alone', async () => {
    const loader = await previewPage()
    const refreshDefault = vi.fn(() => false as const)
    studio.refresh!({source: 'manual', livePreviewEnabled: false} as never, refreshDefault)
    await act(() => vi.advanceTimersByTimeAsync(AFTER_LAST_EDIT_MS * 2))
    expect(refreshDefault).toHaveBeenCalledOnce()
    expect(loader).not.toHaveBeenCalled()
  })
})

// @vitest-environment jsdom
import {act, cleanup, render} from '@testing-library/react'
import {createMemoryRouter, RouterProvider} from 'react-router'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {usePageChange} from './usePageChange.ts'

afterEach(cleanup)

function Page({onChange}: {onChange: () => void}) {
  usePageChange(onChange)
  return null
}

describe('usePageChange', () => {
  it('runs when the visitor goes on to another page, not for the page first shown nor on a re-render', async () => {
    const onChange = vi.fn()
    const router = createMemoryRouter([{path: '*', element: <Page onChange={onChange} />}], {
      initialEntries: ['/Brand/intro'],
    })
    const {rerender} = render(<RouterProvider router={router} />)
    rerender(<RouterProvider router={router} />)
    expect(onChange).not.toHaveBeenCalled()
    await act(() => router.navigate('/ComplexGuide/community'))
    expect(onChange).toHaveBeenCalledOnce()
    await act(() => router.navigate('/ComplexGuide/community#top'))
    expect(onChange).toHaveBeenCalledOnce()
  })
})

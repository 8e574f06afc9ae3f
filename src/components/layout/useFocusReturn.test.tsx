// @vitest-environment jsdom
import {act, cleanup, render, screen} from '@testing-library/react'
import {useRef, useState} from 'react'
import {afterEach, describe, expect, it} from 'vitest'
import {useFocusReturn} from './useFocusReturn.ts'

let setOpen: (open: boolean) => void = () => {}

function Panel({initiallyOpen}: {initiallyOpen: boolean}) {
  const [open, setState] = useState(initiallyOpen)
  setOpen = setState
  const opener = useRef<HTMLButtonElement>(null)
  useFocusReturn(open, opener)
  return (
    <>
      <button ref={opener} type="button">
        열기
      </button>
      <button type="button">다른 버튼</button>
      {open ? <input aria-label="패널 입력" autoFocus /> : null}
    </>
  )
}

afterEach(cleanup)

describe('useFocusReturn (focus back to the opener)', () => {
  it('gives the focus back to the opener when the panel closes', () => {
    render(<Panel initiallyOpen={false} />)
    act(() => setOpen(true))
    screen.getByLabelText('패널 입력').focus()
    act(() => setOpen(false))
    expect(document.activeElement).toBe(screen.getByRole('button', {name: '열기'}))
  })

  it('leaves the focus alone while the panel has never been open', () => {
    render(<Panel initiallyOpen={false} />)
    screen.getByRole('button', {name: '다른 버튼'}).focus()
    act(() => setOpen(false))
    expect(document.activeElement).toBe(screen.getByRole('button', {name: '다른 버튼'}))
  })
})

// @vitest-environment jsdom
import {cleanup, fireEvent, render, screen} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'
import {useAccordion} from './useAccordion.ts'

type Key = 'overview' | 'location' | 'premium'

function Probe({initial}: {initial: Key | null}) {
  const {toggle, isOpen} = useAccordion<Key>(initial)
  return (
    <>
      {(['overview', 'location', 'premium'] as const).map((key) => (
        <button key={key} aria-expanded={isOpen(key)} onClick={() => toggle(key)}>
          {key}
        </button>
      ))}
    </>
  )
}

const expanded = () =>
  screen
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-expanded') === 'true')
    .map((b) => b.textContent)

afterEach(cleanup)

describe('useAccordion', () => {
  it('starts from the given key and keeps one item open at a time', () => {
    render(<Probe initial="overview" />)
    expect(expanded()).toEqual(['overview'])
    fireEvent.click(screen.getByText('premium'))
    expect(expanded()).toEqual(['premium'])
    fireEvent.click(screen.getByText('location'))
    expect(expanded()).toEqual(['location'])
  })

  it('closes the open item when it is tapped again', () => {
    render(<Probe initial={null} />)
    expect(expanded()).toEqual([])
    fireEvent.click(screen.getByText('location'))
    fireEvent.click(screen.getByText('location'))
    expect(expanded()).toEqual([])
  })
})

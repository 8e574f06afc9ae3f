// @vitest-environment jsdom
import {act, cleanup, render, screen} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'
import {useScrolledPast} from './useScrolledPast.ts'

function Flag({threshold}: {threshold: number}) {
  return <p>{useScrolledPast(threshold) ? 'past' : 'top'}</p>
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', {value: y, configurable: true})
    window.dispatchEvent(new Event('scroll'))
  })
}

afterEach(() => {
  cleanup()
  scrollTo(0)
})

describe('useScrolledPast (the header flag)', () => {
  it('is on as soon as the page is scrolled below 0 px and off back at the top', () => {
    render(<Flag threshold={0} />)
    expect(screen.getByText('top')).toBeTruthy()
    scrollTo(1)
    expect(screen.getByText('past')).toBeTruthy()
    scrollTo(0)
    expect(screen.getByText('top')).toBeTruthy()
  })

  it('reads the position on mount, for a page restored mid-way', () => {
    scrollTo(300)
    render(<Flag threshold={200} />)
    expect(screen.getByText('past')).toBeTruthy()
    scrollTo(200)
    expect(screen.getByText('top')).toBeTruthy()
  })
})

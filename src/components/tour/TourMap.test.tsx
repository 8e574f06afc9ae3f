// @vitest-environment jsdom
import {cleanup, fireEvent, render, screen} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {TourMap} from './TourMap.tsx'

const plan = {asset: {_ref: `image-${'e'.repeat(40)}-640x520-svg`}, alt: '84A 타입 평면도'}
const rooms = [
  {id: 'living', name: '거실', x: 0.6, y: 0.7},
  {id: 'kitchen', name: '주방·식당', x: 0.55, y: 0.3},
  {id: 'bed1', name: '침실1 (안방)', x: 0.85, y: 0.7},
]

let narrow = false
beforeEach(() => {
  narrow = false
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    addEventListener() {},
    removeEventListener() {},
  }))
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('tour mini-map', () => {
  it('shows the plan, marks the current room and turns the view cone with the view', () => {
    const {container, rerender} = render(
      <TourMap plan={plan} rooms={rooms} current="living" yaw={200} onChoose={() => undefined} />,
    )
    expect(screen.getByRole('navigation', {name: '미니맵'})).toBeTruthy()
    expect(screen.getByRole('img', {name: '84A 타입 평면도'}).getAttribute('src')).toMatch(
      /-640x520\.svg$/,
    )
    expect(screen.getByRole('button', {name: '거실'}).getAttribute('aria-current')).toBe('location')
    expect(screen.getByRole('button', {name: '주방·식당'}).getAttribute('aria-current')).toBeNull()
    const cone = container.querySelector<HTMLElement>('.tour-map__here')!
    expect([cone.style.left, cone.style.top, cone.style.rotate]).toEqual(['60%', '70%', '200deg'])
    rerender(
      <TourMap plan={plan} rooms={rooms} current="bed1" yaw={95.4} onChoose={() => undefined} />,
    )
    expect([cone.style.left, cone.style.rotate]).toEqual(['85%', '95deg'])
    expect(screen.getByRole('button', {name: '침실1 (안방)'}).getAttribute('aria-current')).toBe(
      'location',
    )
  })

  it('goes to the room whose button is pressed', () => {
    const onChoose = vi.fn()
    render(<TourMap plan={plan} rooms={rooms} current="living" yaw={0} onChoose={onChoose} />)
    fireEvent.click(screen.getByRole('button', {name: '주방·식당'}))
    expect(onChoose).toHaveBeenCalledWith('kitchen')
  })

  it('starts folded on a phone-sized frame, and unfolds on request', () => {
    narrow = true
    render(
      <TourMap plan={plan} rooms={rooms} current="living" yaw={0} onChoose={() => undefined} />,
    )
    const toggle = screen.getByRole('button', {name: '미니맵 펼치기'})
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('button', {name: '거실'})).toBeNull()
    fireEvent.click(toggle)
    expect(screen.getByRole('button', {name: '미니맵 접기'}).getAttribute('aria-expanded')).toBe(
      'true',
    )
    expect(screen.getByRole('button', {name: '거실'})).toBeTruthy()
  })
})

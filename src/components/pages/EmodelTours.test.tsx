// @vitest-environment jsdom
import {cleanup, fireEvent, render, screen} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'
import {EmodelTours} from './EmodelTours.tsx'

const face = (id: string) => ({
  _type: 'image' as const,
  asset: {_ref: `image-${id}-1024x1024-webp`, _type: 'reference' as const},
})
const tour = (key: '84A' | '84B') => ({
  _id: `t-${key}`,
  key,
  title: `${key} 타입 E-모델하우스`,
  cover: {
    name: '거실',
    startYaw: 90,
    faces: ['front', 'right', 'back', 'left'].map((side) => face(`${key}${side}`)),
  },
})

afterEach(cleanup)

const frame = () => document.querySelector('iframe')
const selectedTab = () => screen.getByRole('tab', {selected: true})

describe('E-model tours', () => {
  it('opens on 84A with its first room and a start button, framing nothing', () => {
    render(<EmodelTours tours={[tour('84B'), tour('84A')]} />)
    expect(selectedTab().textContent).toBe('84A')
    expect(frame()).toBeNull()
    expect(document.querySelector('.tour-frame__cover')?.getAttribute('src')).toContain(
      '/84Aright-1024x1024.webp',
    )
    expect(screen.getByRole('button', {name: /84A 360° 투어 시작/}).textContent).toContain(
      '거실부터 둘러봅니다',
    )
  })

  it('frames the tour once asked, gives it the focus, and frames the chosen tab’s tour from then on', () => {
    render(<EmodelTours tours={[tour('84A'), tour('84B')]} />)
    fireEvent.click(screen.getByRole('button', {name: /84A 360° 투어 시작/}))
    expect(frame()?.getAttribute('src')).toBe('/tour/84A')
    expect(frame()?.title).toBe('84A 타입 E-모델하우스 360° 가상 투어')
    expect(document.activeElement).toBe(frame())
    fireEvent.keyDown(selectedTab(), {key: 'ArrowRight'})
    expect(selectedTab().textContent).toBe('84B')
    expect(frame()?.getAttribute('src')).toBe('/tour/84B')
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
  })
})

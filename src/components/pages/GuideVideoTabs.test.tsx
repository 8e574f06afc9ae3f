// @vitest-environment jsdom
import {act, cleanup, fireEvent, render, screen} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'
import {EmodelTours} from './EmodelTours.tsx'
import {GuideVideoTabs} from './GuideVideoTabs.tsx'

const videos: Array<{_id: string; tabId: 1 | 2 | 3; title: string; videoId: string}> = [
  {_id: 'v1', tabId: 1, title: '입지환경 가이드 영상', videoId: 'Xk3vT9qLm2w'},
  {_id: 'v2', tabId: 2, title: '59타입 가이드 영상', videoId: 'b7RzQ4nYp8E'},
  {_id: 'v3', tabId: 3, title: '84타입 가이드 영상', videoId: 'Vd5sH2gKc9U'},
]
const tours: Array<{_id: string; key: '84A' | '84B'; title: string; url: string}> = [
  {_id: 't1', key: '84A', title: '84A 타입 VR 투어', url: 'https://tour.example/84a'},
  {_id: 't2', key: '84B', title: '84B 타입 VR 투어', url: 'https://tour.example/84b'},
]

afterEach(cleanup)

/** The frames appear once the page has loaded (jsdom's document is complete at once). */
async function afterLoad() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 1)))
}

const frame = () => document.querySelector('iframe')
const selectedTab = () => screen.getByRole('tab', {selected: true})

describe('guide video tabs', () => {
  it('opens on tab 1 with its video autoplaying muted, the others out of the Tab order', async () => {
    render(<GuideVideoTabs videos={videos} />)
    await afterLoad()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['1 입지환경 가이드 영상', '2 59타입 가이드 영상', '3 84타입 가이드 영상'])
    expect(selectedTab().textContent).toBe('1 입지환경 가이드 영상')
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1])
    const src = new URL(frame()?.src ?? '')
    expect(src.pathname).toBe('/embed/Xk3vT9qLm2w')
    expect(src.searchParams.get('autoplay')).toBe('1')
    expect(src.searchParams.get('mute')).toBe('1')
    expect(frame()?.title).toBe('입지환경 가이드 영상 재생기')
    expect(frame()?.allowFullscreen).toBe(true)
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
  })

  it('swaps the player on a chosen tab, with sound, and follows the arrow keys', async () => {
    render(<GuideVideoTabs videos={videos} />)
    await afterLoad()
    fireEvent.click(screen.getByRole('tab', {name: '2 59타입 가이드 영상'}))
    let src = new URL(frame()?.src ?? '')
    expect(src.pathname).toBe('/embed/b7RzQ4nYp8E')
    expect(src.searchParams.get('autoplay')).toBe('1')
    expect(src.searchParams.has('mute')).toBe(false)

    fireEvent.keyDown(selectedTab(), {key: 'ArrowRight'})
    expect(selectedTab().textContent).toBe('3 84타입 가이드 영상')
    expect(document.activeElement).toBe(selectedTab())
    fireEvent.keyDown(selectedTab(), {key: 'ArrowRight'})
    expect(selectedTab().textContent).toBe('1 입지환경 가이드 영상')
    fireEvent.keyDown(selectedTab(), {key: 'End'})
    src = new URL(frame()?.src ?? '')
    expect(src.pathname).toBe('/embed/Vd5sH2gKc9U')
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(selectedTab().id)
  })
})

describe('E-model tours', () => {
  it('opens on 84A and switches to the 84B tour', async () => {
    render(<EmodelTours tours={[...tours].reverse()} />)
    await afterLoad()
    expect(selectedTab().textContent).toBe('84A')
    expect(frame()?.src).toBe('https://tour.example/84a')
    expect(frame()?.title).toBe('84A 타입 VR 투어 (E-모델하우스 360° 가상 투어)')
    fireEvent.keyDown(selectedTab(), {key: 'ArrowLeft'})
    expect(selectedTab().textContent).toBe('84B')
    expect(frame()?.src).toBe('https://tour.example/84b')
  })
})

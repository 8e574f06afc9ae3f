// @vitest-environment jsdom
import {act, cleanup, fireEvent, render, screen, within} from '@testing-library/react'
import {MemoryRouter} from 'react-router'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {UnitPlanSection} from './UnitPlanSection.tsx'

const image = (id: string) => ({asset: {_ref: `image-${id}-1200x900-png`}, alt: `${id} 평면도`})
const units = [
  {
    _id: 'a',
    code: '84A',
    label: '84A',
    slug: '84A',
    image: image('a'),
    exclusiveArea: 84.98,
    supplyArea: 112.41,
    households: 210,
    bedrooms: 3,
    bathrooms: 2,
  },
  {_id: 'b', code: '84B', label: '84B', slug: '84B', image: image('b')},
  {_id: 'c', code: '114A', label: '84C', slug: '114A', image: image('c')},
]
const face = (id: string) => ({
  _type: 'image' as const,
  asset: {_ref: `image-${id}-1024x1024-webp`, _type: 'reference' as const},
})
const cover = (unit: string) => ({
  name: '거실',
  startYaw: 180,
  faces: ['front', 'right', 'back', 'left'].map((side) => face(`${unit}${side}`)),
})
const tours = [
  {_id: 't1', key: '84A' as const, title: '84A 타입 E-모델하우스', cover: cover('a')},
  {_id: 't2', key: '84B' as const, title: '84B 타입 E-모델하우스', cover: cover('b')},
]
const section = {
  heading: '세대안내',
  typesTitle: '세대 타입',
  typesText: '타입별 평면',
  emodelTitle: 'E-모델하우스',
  emodelText: '360° 투어',
}

function renderSection() {
  return render(
    <MemoryRouter>
      <UnitPlanSection section={section} units={units} tours={tours} />
    </MemoryRouter>,
  )
}

const heading = () => screen.getByRole('heading', {level: 2}).textContent
const item = (name: string) => screen.getByRole('button', {name})

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('UnitPlanSection', () => {
  it('starts with the unit types open under the section heading, with no tour frame', () => {
    const {container} = renderSection()
    expect(heading()).toBe('세대안내')
    expect(item('세대 타입').getAttribute('aria-expanded')).toBe('true')
    expect(item('E-모델하우스').getAttribute('aria-expanded')).toBe('false')
    expect(container.querySelector('iframe')).toBeNull()
  })

  it("says each title once: the heading stays the section's while items open and close", () => {
    renderSection()
    const said = () => [
      heading(),
      ...screen.getAllByRole('heading', {level: 3}).map((h) => h.textContent),
    ]
    expect(said()).toEqual(['세대안내', '세대 타입', 'E-모델하우스'])
    fireEvent.click(item('E-모델하우스'))
    expect(said()).toEqual(['세대안내', '세대 타입', 'E-모델하우스'])
    expect(item('세대 타입').getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(item('E-모델하우스'))
    expect(heading()).toBe('세대안내')
    expect(screen.getByRole('region', {name: '세대안내'})).toBeTruthy()
  })

  it("gives the shown type's figures as text in its panel", () => {
    renderSection()
    const panel = screen.getByRole('tabpanel')
    const rows = within(panel)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`)
    expect(rows).toEqual([
      '전용면적 84.98㎡',
      '공급면적 112.41㎡',
      '세대수 210세대',
      '구성 방 3 · 욕실 2',
    ])
    fireEvent.click(item('다음 타입'))
    expect(within(screen.getByRole('tabpanel')).queryAllByRole('term')).toHaveLength(0)
  })

  it('opens the VR item on the 84A tour, framed only once asked for, one frame at a time, switched by click and arrow keys', () => {
    const {container} = renderSection()
    fireEvent.click(item('E-모델하우스'))
    const frames = () => container.querySelectorAll('iframe')
    // Until the visitor asks, the tab shows the tour's first room and a button, nothing more.
    expect(frames()).toHaveLength(0)
    const tablist = screen.getByRole('tablist', {name: 'E-모델하우스 타입'})
    expect(within(tablist).getByRole('tab', {selected: true}).textContent).toBe('84A')
    expect(container.querySelector('.tour-frame__cover')?.getAttribute('src')).toContain(
      '/aback-1024x1024.webp',
    )
    expect(
      screen.getByRole('link', {name: '84A 가상 투어 새 창으로 보기'}).getAttribute('href'),
    ).toBe('/tour/84A')
    fireEvent.click(screen.getByRole('button', {name: /84A 360° 투어 시작/}))
    expect(frames()).toHaveLength(1)
    expect(frames()[0]?.getAttribute('src')).toBe('/tour/84A')
    expect(frames()[0]?.getAttribute('title')).toBe('84A 타입 E-모델하우스 360° 가상 투어')
    expect(document.activeElement).toBe(frames()[0])
    fireEvent.keyDown(within(tablist).getByRole('tab', {name: '84A'}), {key: 'ArrowRight'})
    expect(within(tablist).getByRole('tab', {selected: true}).textContent).toBe('84B')
    expect(document.activeElement?.textContent).toBe('84B')
    expect(frames()).toHaveLength(1)
    expect(frames()[0]?.getAttribute('src')).toBe('/tour/84B')
    fireEvent.click(within(tablist).getByRole('tab', {name: '84A'}))
    expect(frames()[0]?.getAttribute('src')).toBe('/tour/84A')
    // Closing the item takes the tour away.
    fireEvent.click(item('E-모델하우스'))
    expect(frames()).toHaveLength(0)
  })

  it('switches unit types with disabled arrows at the ends and a 500 ms cross-fade', () => {
    const {container} = renderSection()
    const prev = item('이전 타입')
    const next = item('다음 타입')
    expect(prev).toHaveProperty('disabled', true)
    fireEvent.click(next)
    fireEvent.click(next)
    expect(screen.getByRole('tab', {selected: true}).textContent).toBe('84C')
    expect(next).toHaveProperty('disabled', true)
    expect(screen.getByRole('link', {name: /84C/}).getAttribute('href')).toBe('/FloorPlan/114A')
    expect(container.querySelectorAll('.unit-switcher__plan')).toHaveLength(2)
    act(() => vi.advanceTimersByTime(500))
    expect(container.querySelectorAll('.unit-switcher__plan')).toHaveLength(1)
    expect(screen.getByRole('img', {name: 'c 평면도'})).toBeTruthy()
  })
})

describe('the remaining units', () => {
  const counted = [
    {...units[0]!, remaining: 3, remainingCheckedAt: '2026-11-26'},
    {...units[1]!, remaining: 0, remainingCheckedAt: '2026-11-25'},
    units[2]!,
  ]

  it('lists each counted type’s remaining units, dated by the oldest count', () => {
    render(
      <MemoryRouter>
        <UnitPlanSection section={section} units={counted} tours={tours} firstCome />
      </MemoryRouter>,
    )
    const board = screen.getByRole('list')
    expect(
      within(board)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['84A잔여 3세대', '84B마감'])
    expect(screen.getByText('11월 25일 기준')).toBeTruthy()
    expect(screen.getByText('선착순 계약 진행 중')).toBeTruthy()
    // Said once, on the board: the open type's plan does not repeat it.
    expect(screen.getAllByText('잔여 3세대')).toHaveLength(1)
  })

  it('shows no board nor notice when nothing is counted and the notice is off', () => {
    renderSection()
    expect(screen.queryByText(/잔여/)).toBeNull()
    expect(screen.queryByText('선착순 계약 진행 중')).toBeNull()
  })
})

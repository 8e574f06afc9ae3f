import {describe, expect, it} from 'vitest'
import type {UnitPlan} from './floorplan-model.ts'
import {exclusiveArea, supplyArea, wallSegments, wallThickness} from './floorplan-model.ts'

/** Two rooms side by side (3 m + 2 m by 4 m) with a balcony along the south. */
function twoRooms(overrides: Partial<UnitPlan> = {}): UnitPlan {
  return {
    type: 'T',
    layout: '',
    commonArea: 10,
    rooms: [
      {id: 'a', name: '거실', kind: 'living', x: 0, y: 0, w: 3000, h: 4000},
      {id: 'b', name: '침실', kind: 'bedroom', x: 3000, y: 0, w: 2000, h: 4000},
      {id: 'c', name: '발코니', kind: 'balcony', x: 0, y: 4000, w: 5000, h: 1500},
    ],
    doors: [],
    windows: [],
    gaps: [],
    open: [],
    furniture: [],
    dimX: [0, 5000],
    dimY: [0, 5500],
    ...overrides,
  }
}

describe('unit plan model', () => {
  it(
    'counts every room but the balcony in the ' +
      'exclusive area, and adds the common area for supply',
    () => {
      expect(exclusiveArea(twoRooms())).toBeCloseTo(20, 6)
      expect(supplyArea(twoRooms())).toBe(30)
    },
  )

  it('draws exterior, interior and balcony walls at their own thickness', () => {
    const walls = wallSegments(twoRooms())
    const partition = walls.find((w) => w.axis === 'v' && w.at === 3000)
    expect(partition).toMatchObject({from: 0, to: 4000, thickness: wallThickness.interior})
    const north = walls.filter((w) => w.axis === 'h' && w.at === 0)
    expect(north).toEqual([
      expect.objectContaining({from: 0, to: 5000, thickness: wallThickness.exterior}),
    ])
    const southOfRooms = walls.find((w) => w.axis === 'h' && w.at === 4000)
    expect(southOfRooms?.thickness).toBe(wallThickness.exterior)
    const balconyEdge = walls.find((w) => w.axis === 'h' && w.at === 5500)
    expect(balconyEdge?.thickness).toBe(wallThickness.balcony)
  })

  it('leaves a gap where a door stands and stops the wall at the jambs', () => {
    const plan = twoRooms({
      doors: [{axis: 'v', at: 3000, from: 1000, w: 900, hinge: 'start', side: 1}],
    })
    const pieces = wallSegments(plan).filter((w) => w.axis === 'v' && w.at === 3000)
    expect(pieces.map((w) => [w.from, w.to, w.extendStart, w.extendEnd])).toEqual([
      [0, 1000, true, false],
      [1900, 4000, false, true],
    ])
  })

  it('draws no wall between rooms declared open to each other', () => {
    const walls = wallSegments(twoRooms({open: [['a', 'b']]}))
    expect(walls.some((w) => w.axis === 'v' && w.at === 3000)).toBe(false)
  })
})

import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import type {Room, UnitPlan} from './floorplan-model.ts'
import {exclusiveArea, planBounds, round2, supplyArea, thicknessAt} from './floorplan-model.ts'
import {unitPlans} from './floorplan-types.ts'

function overlaps(a: Room, b: Room): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/** The unit types the seed content publishes, whose areas the drawings must show. */
const seedUnitTypes = readFileSync(
  new URL('../../content/production.ndjson', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map(
    (line) =>
      JSON.parse(line) as {
        _type: string
        code?: string
        exclusiveArea?: number
        supplyArea?: number
      },
  )
  .filter((doc) => doc._type === 'unitType')

function openingsOf(plan: UnitPlan) {
  return [...plan.doors, ...plan.windows, ...plan.gaps]
}

describe('unit type plans', () => {
  it('has the six available types', () => {
    expect(unitPlans.map((p) => p.type)).toEqual(['59A', '59B', '84A', '84B', '84C', '114B'])
  })

  describe.each(unitPlans.map((plan) => [plan.type, plan] as const))('%s', (type, plan) => {
    it(
      'adds its rooms up to the stated exclusive ' + 'area (59 → 59.9x, 84 → 84.9x, 114 → 114.9x)',
      () => {
        const nominal = Number.parseInt(type, 10)
        const area = round2(exclusiveArea(plan))
        expect(area).toBeGreaterThanOrEqual(nominal + 0.85)
        expect(area).toBeLessThan(nominal + 1)
      },
    )

    it('shows the exclusive and supply areas the seed content publishes for the type', () => {
      const published = seedUnitTypes.find((doc) => doc.code === type)
      expect(published).toBeDefined()
      expect(round2(exclusiveArea(plan))).toBe(published?.exclusiveArea)
      expect(supplyArea(plan)).toBe(published?.supplyArea)
    })

    it('has rooms that never overlap', () => {
      const pairs = plan.rooms.flatMap((a, i) =>
        plan.rooms.slice(i + 1).map((b) => [a, b] as const),
      )
      expect(pairs.filter(([a, b]) => overlaps(a, b)).map(([a, b]) => `${a.id}/${b.id}`)).toEqual(
        [],
      )
    })

    it('labels the rooms a brochure names', () => {
      const names = plan.rooms.map((r) => r.name)
      for (const name of [
        '현관',
        '거실',
        '주방/식당',
        '침실1',
        '침실2',
        '침실3',
        '욕실1',
        '욕실2',
        '발코니',
      ])
        expect(names).toContain(name)
      if (type === '114B') expect(names).toContain('침실4')
    })

    it('puts every door and window in a wall, along its whole width', () => {
      const misplaced = openingsOf(plan).filter((o) =>
        [o.from + 1, o.from + o.w / 2, o.from + o.w - 1].some(
          (along) => thicknessAt(plan, o.axis, o.at, along) === 0,
        ),
      )
      expect(misplaced).toEqual([])
    })

    it('keeps furniture inside the drawing', () => {
      const b = planBounds(plan)
      const outside = plan.furniture.filter(
        (f) => f.cx < b.x || f.cx > b.x + b.w || f.cy < b.y || f.cy > b.y + b.h,
      )
      expect(outside).toEqual([])
    })

    it('gives every bedroom and bathroom a door', () => {
      const rooms = plan.rooms.filter((r) => r.kind === 'bedroom' || r.kind === 'bath')
      const doorless = rooms.filter(
        (r) =>
          !plan.doors.some((d) =>
            d.axis === 'h'
              ? (d.at === r.y || d.at === r.y + r.h) && d.from >= r.x && d.from + d.w <= r.x + r.w
              : (d.at === r.x || d.at === r.x + r.w) && d.from >= r.y && d.from + d.w <= r.y + r.h,
          ),
      )
      expect(doorless.map((r) => r.id)).toEqual([])
    })
  })
})

// The room model of a unit plan, in millimetres measured to wall centre lines (the way Korean
// exclusive area is measured), with the wall geometry derived from the rooms themselves.

export type RoomKind =
  'living' | 'kitchen' | 'bedroom' | 'bath' | 'entry' | 'dress' | 'alpha' | 'hall' | 'balcony'

export interface Room {
  id: string
  name: string
  kind: RoomKind
  x: number
  y: number
  w: number
  h: number
  /** Label position when the centre is taken by furniture or a door swing. */
  label?: [number, number]
  /** Hall-like spaces are counted but not labelled. */
  hideLabel?: boolean
}

/**
 * An opening in a wall: `axis` h is a wall at y = `at`, v a wall at x = `at`; it spans [from, from
 * + w].
 */
interface Opening {
  axis: 'h' | 'v'
  at: number
  from: number
  w: number
}

export interface Door extends Opening {
  hinge: 'start' | 'end'
  /** Direction the leaf swings into: +1 towards larger y (h) or x (v). */
  side: 1 | -1
  /** Entrance doors are drawn heavier. */
  main?: boolean
}

export type Window = Opening

export type FurnitureKind =
  | 'bedDouble'
  | 'bedSingle'
  | 'sofa'
  | 'tv'
  | 'dining'
  | 'counter'
  | 'fridge'
  | 'toilet'
  | 'basin'
  | 'bath'
  | 'shower'
  | 'wardrobe'
  | 'shoes'
  | 'desk'
  | 'washer'

export interface Furniture {
  kind: FurnitureKind
  /** Centre of the piece, in plan millimetres. */
  cx: number
  cy: number
  /** Degrees clockwise; 0 means the back (headboard, backrest, wall side) faces north. */
  rot?: 0 | 90 | 180 | 270
  /** Size override for pieces that run along a wall (counter, wardrobe, shoes). */
  w?: number
  h?: number
}

export interface UnitPlan {
  type: string
  /** Short description shown in the title block, e.g. "3Bay 판상형". */
  layout: string
  /** Common residential area (주거공용) added to the exclusive area to give the supply area. */
  commonArea: number
  rooms: Room[]
  doors: Door[]
  windows: Window[]
  /** Gaps without a door: [from, to] openings defined like doors. */
  gaps: Opening[]
  /** Room id pairs with no wall between them (living room open to the kitchen). */
  open: [string, string][]
  furniture: Furniture[]
  /** Chained dimension stops along the top and the left side. */
  dimX: number[]
  dimY: number[]
}

export interface WallSegment {
  axis: 'h' | 'v'
  at: number
  from: number
  to: number
  thickness: number
  /** Ends cut by an opening stop at the opening; other ends run on to close corners. */
  extendStart: boolean
  extendEnd: boolean
}

export const wallThickness = {exterior: 250, interior: 150, balcony: 150, divider: 120} as const

export function roomArea(room: Room): number {
  return (room.w * room.h) / 1_000_000
}

/** Exclusive area: every room except balconies (service area). */
export function exclusiveArea(plan: UnitPlan): number {
  return plan.rooms
    .filter((room) => room.kind !== 'balcony')
    .reduce((sum, room) => sum + roomArea(room), 0)
}

export function balconyArea(plan: UnitPlan): number {
  return plan.rooms
    .filter((room) => room.kind === 'balcony')
    .reduce((sum, room) => sum + roomArea(room), 0)
}

/** Areas are shown rounded to two decimals, and the sums use the shown figures. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100
}

export function supplyArea(plan: UnitPlan): number {
  return round2(round2(exclusiveArea(plan)) + plan.commonArea)
}

function uniqueSorted(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b)
}

/** Room on the lower (`before`) or upper side of a wall line at `at`, covering `mid` along it. */
function roomBeside(
  rooms: Room[],
  axis: 'h' | 'v',
  at: number,
  mid: number,
  before: boolean,
): Room | undefined {
  return rooms.find((room) => {
    const [start, length, cross, span] =
      axis === 'h' ? [room.y, room.h, room.x, room.w] : [room.x, room.w, room.y, room.h]
    const edge = before ? start + length : start
    return edge === at && cross < mid && mid < cross + span
  })
}

function thicknessBetween(plan: UnitPlan, a: Room | undefined, b: Room | undefined): number {
  if (a === undefined && b === undefined) return 0
  if (a !== undefined && b !== undefined) {
    const isOpen = plan.open.some(
      ([p, q]) => (p === a.id && q === b.id) || (p === b.id && q === a.id),
    )
    if (isOpen) return 0
    if (a.kind === 'balcony' && b.kind === 'balcony') return wallThickness.divider
    if (a.kind === 'balcony' || b.kind === 'balcony') return wallThickness.exterior
    return wallThickness.interior
  }
  const only = a ?? b
  return only?.kind === 'balcony' ? wallThickness.balcony : wallThickness.exterior
}

/** Wall thickness at a point on a wall line (0 where there is no wall). */
export function thicknessAt(plan: UnitPlan, axis: 'h' | 'v', at: number, along: number): number {
  return thicknessBetween(
    plan,
    roomBeside(plan.rooms, axis, at, along, true),
    roomBeside(plan.rooms, axis, at, along, false),
  )
}

function openingsOn(plan: UnitPlan, axis: 'h' | 'v', at: number): Opening[] {
  return [...plan.doors, ...plan.windows, ...plan.gaps].filter(
    (o) => o.axis === axis && o.at === at,
  )
}

/** Every wall piece of the plan: room edges, thickened by what lies either side, minus openings. */
export function wallSegments(plan: UnitPlan): WallSegment[] {
  const segments: WallSegment[] = []
  for (const axis of ['h', 'v'] as const) {
    const lines = uniqueSorted(
      plan.rooms.flatMap((r) => (axis === 'h' ? [r.y, r.y + r.h] : [r.x, r.x + r.w])),
    )
    const openings = (at: number) => openingsOn(plan, axis, at)
    for (const at of lines) {
      const cuts = openings(at).flatMap((o) => [o.from, o.from + o.w])
      const stops = uniqueSorted([
        ...plan.rooms.flatMap((r) => (axis === 'h' ? [r.x, r.x + r.w] : [r.y, r.y + r.h])),
        ...cuts,
      ])
      let current: WallSegment | undefined
      for (let i = 0; i + 1 < stops.length; i += 1) {
        const from = stops[i] ?? 0
        const to = stops[i + 1] ?? 0
        const mid = (from + to) / 2
        const inOpening = openings(at).some((o) => o.from < mid && mid < o.from + o.w)
        const thickness = inOpening ? 0 : thicknessAt(plan, axis, at, mid)
        if (
          current !== undefined &&
          current.to === from &&
          current.thickness === thickness &&
          thickness > 0
        ) {
          current.to = to
          continue
        }
        if (current !== undefined)
          segments.push({...current, extendEnd: !cuts.includes(current.to)})
        current = undefined
        if (thickness === 0) continue
        current = {
          axis,
          at,
          from,
          to,
          thickness,
          extendStart: !cuts.includes(from),
          extendEnd: true,
        }
      }
      if (current !== undefined) segments.push({...current, extendEnd: !cuts.includes(current.to)})
    }
  }
  return segments
}

/** Outer bounds of everything drawn, balconies included. */
export function planBounds(plan: UnitPlan): {x: number; y: number; w: number; h: number} {
  const x = Math.min(...plan.rooms.map((r) => r.x))
  const y = Math.min(...plan.rooms.map((r) => r.y))
  const right = Math.max(...plan.rooms.map((r) => r.x + r.w))
  const bottom = Math.max(...plan.rooms.map((r) => r.y + r.h))
  return {x, y, w: right - x, h: bottom - y}
}

import {palette} from './palette.ts'
import type {Mood} from './sky.ts'
import {el, group, n, poly, rect, type Rng, type Scene, translate} from './svg.ts'

// Towers are drawn in canonical units (one floor = 10, one window bay = 8) and scaled into
// place, so every tower in a scene shares one window pattern.
const FLOOR = 10
const BAY = 8
const SLOPE = 0.45

interface Facade {
  front: string
  side: string
  roof: string
  glass: string
  slab: string
  accent: string
  crown: string
}

const facades: Record<Mood, Facade> = {
  dusk: {
    front: '#6c7898',
    side: '#465273',
    roof: '#8b97b3',
    glass: '#2a3352',
    slab: '#8995b1',
    accent: '#c9bda6',
    crown: palette.windowWarm,
  },
  night: {
    front: '#37425f',
    side: '#262f4a',
    roof: '#4a5573',
    glass: '#1b2238',
    slab: '#46516e',
    accent: '#7d7a80',
    crown: palette.windowWarm,
  },
  golden: {
    front: '#f2e9dc',
    side: '#c9b8a1',
    roof: '#e6dccd',
    glass: '#7f9fbd',
    slab: '#fffaf2',
    accent: palette.sandDark,
    crown: '#f7e3bd',
  },
  day: {
    front: '#f1f4f8',
    side: '#c4cedc',
    roof: '#e1e6ee',
    glass: '#86afd3',
    slab: '#ffffff',
    accent: palette.sand,
    crown: '#dfe6ef',
  },
}

function windowPattern(scene: Scene, mood: Mood): string {
  const f = facades[mood]
  return scene.def(`win-${mood}`, (id) =>
    el('pattern', {id, width: BAY, height: FLOOR, patternUnits: 'userSpaceOnUse'}, [
      rect(1.4, 2.4, 5.2, 5.8, f.glass),
      rect(0, 0, BAY, 1.1, f.slab),
    ]),
  )
}

export interface TowerSpec {
  x: number
  /** Ground line (px) the tower stands on. */
  y: number
  scale: number
  floors?: number
  bays: number
  depth?: number
  /** Which side face shows: 1 = right (tower left of the viewer), -1 = left. */
  side?: 1 | -1
  /** Share of lit windows, 0..1. */
  lit?: number
}

/** One apartment block: front face with window grid, oblique side face, roof and crown. */
export function tower(scene: Scene, mood: Mood, rng: Rng, spec: TowerSpec): string {
  const f = facades[mood]
  const floors = spec.floors ?? 15
  const width = spec.bays * BAY
  const height = floors * FLOOR + 6
  const depth = spec.depth ?? 18
  const lift = depth * SLOPE
  const pattern = windowPattern(scene, mood)
  const lit = spec.lit ?? 0
  const litFront: string[] = []
  const litSide: string[] = []
  if (lit > 0) {
    for (let floor = 0; floor < floors; floor += 1) {
      for (let bay = 0; bay < spec.bays; bay += 1) {
        if (rng.next() < lit) litFront.push(`M${bay * BAY + 4} ${n(floor * FLOOR + 2.4)}v5.8`)
      }
      for (let bay = 0; bay < Math.floor(depth / BAY); bay += 1) {
        if (rng.next() < lit * 0.6) litSide.push(`M${bay * BAY + 4} ${n(floor * FLOOR + 2.4)}v5.8`)
      }
    }
  }
  const warm = mood === 'golden' ? '#ffe3b0' : palette.windowWarm
  const side = spec.side ?? 1
  const origin =
    side === 1
      ? translate(spec.x, spec.y, spec.scale)
      : `${translate(spec.x + width * spec.scale, spec.y)}` +
        ` scale(${n(-spec.scale, 3)} ${n(spec.scale, 3)})`
  const top = -height
  return group({transform: origin}, [
    poly([0, top, width, top, width + depth, top - lift, depth, top - lift], f.roof),
    poly([width, top, width + depth, top - lift, width + depth, -lift, width, 0], f.side),
    group({transform: `matrix(1 ${-SLOPE} 0 1 ${width} ${top})`}, [
      rect(0, 0, depth, floors * FLOOR, pattern, {opacity: 0.8}),
      litSide.length > 0
        ? el('path', {d: litSide.join(''), stroke: warm, 'stroke-width': 5.2, opacity: 0.75})
        : '',
    ]),
    rect(0, top, width, height, f.front),
    group({transform: `translate(0 ${top})`}, [
      rect(0, 0, width, floors * FLOOR, pattern),
      // Lit windows as short thick strokes: half the path data of rectangles.
      litFront.length > 0
        ? el('path', {d: litFront.join(''), stroke: warm, 'stroke-width': 5.2})
        : '',
    ]),
    rect(0, -6, width, 6, f.side),
    rect(0, top, 3, height, f.accent),
    // Rooftop crown with its lighting strip, as on Korean premium blocks.
    poly(
      [
        width * 0.25,
        top - 9,
        width * 0.75,
        top - 9,
        width * 0.75 + 8,
        top - 9 - lift * 0.4,
        width * 0.25 + 8,
        top - 9 - lift * 0.4,
      ],
      f.roof,
    ),
    rect(width * 0.25, top - 9, width * 0.5, 9, f.side),
    rect(0, top - 1.5, width, 1.5, f.crown, {opacity: mood === 'day' ? 1 : 0.9}),
  ])
}

/** A low box building (school, mart, clubhouse): front, side, roof and a band of windows. */
export interface LowBuildingSpec {
  x: number
  y: number
  width: number
  height: number
  depth?: number
  wall: string
  side: string
  roof: string
  glass: string
  rows?: number
}

export function lowBuilding(spec: LowBuildingSpec): string {
  const depth = spec.depth ?? 30
  const lift = depth * SLOPE
  const {x, y, width, height} = spec
  const rows = spec.rows ?? 1
  const bands: string[] = []
  const rowHeight = height / (rows + 0.4)
  for (let row = 0; row < rows; row += 1) {
    bands.push(
      rect(x + 8, y - height + rowHeight * (row + 0.35), width - 16, rowHeight * 0.5, spec.glass),
    )
  }
  return [
    poly(
      [
        x,
        y - height,
        x + width,
        y - height,
        x + width + depth,
        y - height - lift,
        x + depth,
        y - height - lift,
      ],
      spec.roof,
    ),
    poly(
      [
        x + width,
        y - height,
        x + width + depth,
        y - height - lift,
        x + width + depth,
        y - lift,
        x + width,
        y,
      ],
      spec.side,
    ),
    rect(x, y - height, width, height, spec.wall),
    ...bands,
  ].join('')
}

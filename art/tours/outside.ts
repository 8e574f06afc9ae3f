// The view from the unit's windows: the park below, the lake to the south, the complex's
// other towers, the tree line and the hills, all around the building at true scale.
import {palette} from '../scenes/palette.ts'
import {box, mix, type Face, type Piece, type Vec} from './geometry.ts'

/** The unit's floor stands this far above the ground (the 9th floor of 15). */
export const FLOOR_HEIGHT = 24_000
const GROUND = -FLOOR_HEIGHT
export const SKY = {zenith: '#7fb0de', high: '#9cc6ea', horizon: '#e4f1f8'}
const HAZE = SKY.horizon

function hazed(color: string, distance: number): string {
  return mix(color, HAZE, Math.min(0.7, distance / 900_000))
}

/** A vertical band around the unit at `radius`, its top rising and falling by `heights`. */
function ring(centre: Vec, radius: number, heights: number[], color: string): Piece {
  const faces: Face[] = []
  const count = heights.length
  for (let i = 0; i < count; i += 1) {
    const a0 = (i / count) * 2 * Math.PI
    const a1 = ((i + 1) / count) * 2 * Math.PI
    const p = (angle: number, y: number): Vec => [
      centre[0] + radius * Math.cos(angle),
      y,
      centre[2] + radius * Math.sin(angle),
    ]
    faces.push({
      points: [p(a0, GROUND), p(a1, GROUND), p(a1, heights[(i + 1) % count]!), p(a0, heights[i]!)],
      fill: hazed(color, radius),
      twoSided: true,
    })
  }
  return {faces, centre: [centre[0], 0, centre[2] + radius]}
}

/** Deterministic wobble for hill and tree heights. */
function wave(count: number, base: number, amplitude: number, seed: number): number[] {
  return Array.from(
    {length: count},
    (_, i) =>
      base +
      amplitude *
        (0.55 * Math.sin(i * 0.7 + seed) +
          0.3 * Math.sin(i * 1.9 + seed * 2) +
          0.15 * Math.sin(i * 4.3)),
  )
}

function tower(x: number, z: number, camera: Vec): Piece {
  const w = 22_000
  const d = 13_000
  const top = GROUND + 45_000
  const distance = Math.hypot(x - camera[0], z - camera[2])
  const piece = box(
    [x - w / 2, GROUND, z - d / 2],
    [x + w / 2, top, z + d / 2],
    hazed('#e9e6df', distance),
    {skip: ['bottom']},
  )
  const line = hazed('#8e98a8', distance)
  const lines = []
  for (let y = GROUND + 3000; y < top; y += 3000) {
    lines.push({
      from: [x - w / 2, y, z + d / 2 + 10] as Vec,
      to: [x + w / 2, y, z + d / 2 + 10] as Vec,
      stroke: line,
      width: 1,
      opacity: 0.7,
    })
    lines.push({
      from: [x - w / 2, y, z - d / 2 - 10] as Vec,
      to: [x + w / 2, y, z - d / 2 - 10] as Vec,
      stroke: line,
      width: 1,
      opacity: 0.7,
    })
    lines.push({
      from: [x - w / 2 - 10, y, z - d / 2] as Vec,
      to: [x - w / 2 - 10, y, z + d / 2] as Vec,
      stroke: line,
      width: 1,
      opacity: 0.7,
    })
    lines.push({
      from: [x + w / 2 + 10, y, z - d / 2] as Vec,
      to: [x + w / 2 + 10, y, z + d / 2] as Vec,
      stroke: line,
      width: 1,
      opacity: 0.7,
    })
  }
  return {...piece, lines}
}

/** Everything outside, far to near, for a unit whose plan centre is `centre`. */
export function outside(centre: Vec, camera: Vec): Piece[] {
  const far = 6_000_000
  const ground: Piece = {
    faces: [
      {
        points: [
          [-far, GROUND, -far],
          [-far, GROUND, far],
          [far, GROUND, far],
          [far, GROUND, -far],
        ],
        fill: mix(palette.park, HAZE, 0.25),
      },
    ],
    centre: [0, GROUND, 0],
  }
  const lake: Piece = {
    faces: [
      {
        points: [
          [centre[0] - 260_000, GROUND + 5, centre[2] + 45_000],
          [centre[0] - 260_000, GROUND + 5, centre[2] + 420_000],
          [centre[0] + 300_000, GROUND + 5, centre[2] + 420_000],
          [centre[0] + 300_000, GROUND + 5, centre[2] + 45_000],
        ],
        fill: mix(palette.lake, HAZE, 0.2),
      },
    ],
    centre: [centre[0], GROUND, centre[2] + 200_000],
  }
  const path: Piece = {
    faces: [
      {
        points: [
          [centre[0] - 260_000, GROUND + 8, centre[2] + 38_000],
          [centre[0] - 260_000, GROUND + 8, centre[2] + 45_000],
          [centre[0] + 300_000, GROUND + 8, centre[2] + 45_000],
          [centre[0] + 300_000, GROUND + 8, centre[2] + 38_000],
        ],
        fill: palette.sand,
      },
    ],
    centre: [centre[0], GROUND, centre[2] + 41_000],
  }
  const towers = [
    [-70_000, -20_000],
    [75_000, -15_000],
    [-60_000, -95_000],
    [10_000, -110_000],
    [85_000, -90_000],
    [-140_000, 10_000],
    [150_000, 20_000],
  ]
    .map(([dx, dz]) => tower(centre[0] + dx!, centre[2] + dz!, camera))
    .sort((a, b) => distanceTo(b.centre, camera) - distanceTo(a.centre, camera))
  return [
    ground,
    ring(centre, 2_400_000, wave(36, GROUND + 160_000, 90_000, 1.3), '#8ea7bf'),
    ring(centre, 900_000, wave(48, GROUND + 42_000, 16_000, 4.1), palette.parkDark),
    lake,
    path,
    ...towers,
  ]
}

export function distanceTo(a: Vec, b: Vec): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])
}

// Points, polygons and colours of the 3D scenes the tour panoramas are drawn from. Units are
// millimetres: x to the east, y up from the unit's floor, z to the south (the plan's y).

export type Vec = [number, number, number]

export interface Face {
  points: Vec[]
  fill: string
  opacity?: number
  /**
   * Drawn from both sides (glass, curtains, the landscape); others only from the side their points
   * turn anticlockwise to.
   */
  twoSided?: boolean
}

export interface Line {
  from: Vec
  to: Vec
  stroke: string
  width: number
  opacity?: number
}

/** Faces (and lines) drawn together: one convex piece, sorted against others by its centre. */
export interface Piece {
  faces: Face[]
  lines?: Line[]
  centre: Vec
}

export const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
export const dot = (a: Vec, b: Vec): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
export const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
export const length = (a: Vec): number => Math.sqrt(dot(a, a))
export const normalize = (a: Vec): Vec => {
  const l = length(a) || 1
  return [a[0] / l, a[1] / l, a[2] / l]
}

export function centreOf(points: readonly Vec[]): Vec {
  const sum = points.reduce<Vec>(
    (acc, p) => [acc[0] + p[0], acc[1] + p[1], acc[2] + p[2]],
    [0, 0, 0],
  )
  return [sum[0] / points.length, sum[1] / points.length, sum[2] / points.length]
}

/** The side a face shows: the normal of its first three points. */
export function normalOf(points: readonly Vec[]): Vec {
  const [a, b, c] = points as [Vec, Vec, Vec]
  return normalize(cross(sub(b, a), sub(c, a)))
}

/** Light falls in through the south windows and from above. */
const LIGHT = normalize([0.25, 0.55, 0.8])

function hex(color: string): [number, number, number] {
  const value = Number.parseInt(color.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function toHex([r, g, b]: [number, number, number]): string {
  const channel = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0')
  return `#${channel(r)}${channel(g)}${channel(b)}`
}

/** A colour as lit on a surface facing `normal`. */
export function shade(color: string, normal: Vec, strength = 0.14): string {
  const k = 1 - strength + strength * (0.5 + 0.5 * dot(normal, LIGHT))
  const [r, g, b] = hex(color)
  return toHex([r * k, g * k, b * k])
}

/** `color` faded towards `toward` by `amount` (0..1): haze over distance, tints. */
export function mix(color: string, toward: string, amount: number): string {
  const a = hex(color)
  const b = hex(toward)
  return toHex([
    a[0] + (b[0] - a[0]) * amount,
    a[1] + (b[1] - a[1]) * amount,
    a[2] + (b[2] - a[2]) * amount,
  ])
}

/**
 * An axis-aligned box from `min` to `max`, its six faces turned outwards and lit. Boxes may be
 * turned about their vertical axis through `pivot` by `degrees` clockwise seen from above.
 */
export function box(
  min: Vec,
  max: Vec,
  color: string,
  {
    skip = [],
    pivot,
    degrees = 0,
  }: {
    skip?: Array<'top' | 'bottom' | 'north' | 'south' | 'east' | 'west'>
    pivot?: Vec
    degrees?: number
  } = {},
): Piece {
  const [x0, y0, z0] = min
  const [x1, y1, z1] = max
  const turn = rotateAbout(pivot ?? [0, 0, 0], degrees)
  const quads: Record<string, Vec[]> = {
    top: [
      [x0, y1, z0],
      [x0, y1, z1],
      [x1, y1, z1],
      [x1, y1, z0],
    ],
    bottom: [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y0, z1],
      [x0, y0, z1],
    ],
    north: [
      [x0, y0, z0],
      [x0, y1, z0],
      [x1, y1, z0],
      [x1, y0, z0],
    ],
    south: [
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ],
    west: [
      [x0, y0, z0],
      [x0, y0, z1],
      [x0, y1, z1],
      [x0, y1, z0],
    ],
    east: [
      [x1, y0, z0],
      [x1, y1, z0],
      [x1, y1, z1],
      [x1, y0, z1],
    ],
  }
  const faces = Object.entries(quads)
    .filter(([side]) => !skip.includes(side as never))
    .map(([, points]) => {
      const turned = points.map(turn)
      return {points: turned, fill: shade(color, normalOf(turned))}
    })
  return {faces, centre: turn(centreOf([min, max]))}
}

/**
 * Turns points about the vertical axis through `pivot`, clockwise seen from above (x east, z
 * south).
 */
export function rotateAbout(pivot: Vec, degrees: number): (point: Vec) => Vec {
  const angle = (degrees * Math.PI) / 180
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  return ([x, y, z]) => {
    const dx = x - pivot[0]
    const dz = z - pivot[2]
    return [pivot[0] + dx * cos - dz * sin, y, pivot[2] + dx * sin + dz * cos]
  }
}

/**
 * A flat regular polygon (a lamp, a drum) of `sides` around `centre`, in the horizontal plane,
 * facing up or down.
 */
export function disc(
  centre: Vec,
  radius: number,
  color: string,
  facing: 'up' | 'down',
  sides = 12,
): Face {
  const points: Vec[] = []
  for (let i = 0; i < sides; i += 1) {
    const angle = ((facing === 'up' ? -i : i) * 2 * Math.PI) / sides
    points.push([
      centre[0] + radius * Math.cos(angle),
      centre[1],
      centre[2] + radius * Math.sin(angle),
    ])
  }
  return {points, fill: color}
}

// Draws a scene as the six faces of a cube map around a camera: each face a 90° perspective
// view, clipped to its own frustum, painted far to near, as SVG.
import {n} from '../scenes/svg.ts'
import {dot, normalOf, sub, type Face, type Line, type Piece, type Vec} from './geometry.ts'
import {SKY} from './outside.ts'

export const CUBE_FACES = ['front', 'right', 'back', 'left', 'top', 'bottom'] as const
export type CubeFace = (typeof CUBE_FACES)[number]

interface Basis {
  right: Vec
  up: Vec
  forward: Vec
}

/**
 * The faces as Photo Sphere Viewer's cube-map adapter lays them out: front looks north
 * (the plan's top), right east, back south, left west; the top face has the front at its
 * bottom edge, the bottom face has it at its top edge.
 */
export const BASES: Record<CubeFace, Basis> = {
  front: {right: [1, 0, 0], up: [0, 1, 0], forward: [0, 0, -1]},
  right: {right: [0, 0, 1], up: [0, 1, 0], forward: [1, 0, 0]},
  back: {right: [-1, 0, 0], up: [0, 1, 0], forward: [0, 0, 1]},
  left: {right: [0, 0, -1], up: [0, 1, 0], forward: [-1, 0, 0]},
  top: {right: [1, 0, 0], up: [0, 0, 1], forward: [0, 1, 0]},
  bottom: {right: [1, 0, 0], up: [0, 0, -1], forward: [0, -1, 0]},
}

/** Slightly more than 90°, so neighbouring faces overlap by a hair and no seam shows. */
const SPREAD = 1.01
const NEAR = 1

type CameraPoint = [number, number, number]

/** Clip planes in camera space (x right, y up, z forward): keep a·p >= 0. */
const PLANES: Array<(p: CameraPoint) => number> = [
  (p) => p[2] - NEAR,
  (p) => p[2] * SPREAD - p[0],
  (p) => p[2] * SPREAD + p[0],
  (p) => p[2] * SPREAD - p[1],
  (p) => p[2] * SPREAD + p[1],
]

function clipPolygon(points: CameraPoint[]): CameraPoint[] {
  let output = points
  for (const plane of PLANES) {
    const input = output
    output = []
    for (let i = 0; i < input.length; i += 1) {
      const current = input[i]!
      const previous = input[(i + input.length - 1) % input.length]!
      const dc = plane(current)
      const dp = plane(previous)
      if (dc >= 0) {
        if (dp < 0) output.push(intersect(previous, current, dp, dc))
        output.push(current)
      } else if (dp >= 0) {
        output.push(intersect(previous, current, dp, dc))
      }
    }
    if (output.length === 0) return output
  }
  return output
}

function clipSegment(a: CameraPoint, b: CameraPoint): [CameraPoint, CameraPoint] | undefined {
  let [p, q] = [a, b]
  for (const plane of PLANES) {
    const dp = plane(p)
    const dq = plane(q)
    if (dp < 0 && dq < 0) return undefined
    if (dp < 0) p = intersect(p, q, dp, dq)
    else if (dq < 0) q = intersect(p, q, dp, dq)
  }
  return [p, q]
}

function intersect(a: CameraPoint, b: CameraPoint, da: number, db: number): CameraPoint {
  const t = da / (da - db)
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

export class CubeCamera {
  constructor(
    readonly position: Vec,
    readonly size: number,
  ) {}

  private toCamera(face: CubeFace, point: Vec): CameraPoint {
    const basis = BASES[face]
    const v = sub(point, this.position)
    return [dot(v, basis.right), dot(v, basis.up), dot(v, basis.forward)]
  }

  private toImage([x, y, z]: CameraPoint): string {
    const half = this.size / 2
    return `${n(half * (1 + x / z))} ${n(half * (1 - y / z))}`
  }

  facesToward(face: Face): boolean {
    return (
      face.twoSided === true || dot(normalOf(face.points), sub(this.position, face.points[0]!)) > 0
    )
  }

  private polygon(face: CubeFace, shape: Face): string {
    const clipped = clipPolygon(shape.points.map((point) => this.toCamera(face, point)))
    if (clipped.length < 3) return ''
    const d = `M${clipped.map((p) => this.toImage(p)).join('L')}Z`
    // A stroke of the fill's own colour closes the hairline seams between neighbouring faces.
    const opacity = shape.opacity === undefined ? '' : ` fill-opacity="${n(shape.opacity, 2)}"`
    const edge =
      shape.opacity === undefined
        ? ` stroke="${shape.fill}" stroke-width="1.1" stroke-linejoin="round"`
        : ''
    return `<path d="${d}" fill="${shape.fill}"${opacity}${edge}/>`
  }

  private line(face: CubeFace, line: Line): string {
    const clipped = clipSegment(this.toCamera(face, line.from), this.toCamera(face, line.to))
    if (!clipped) return ''
    const opacity = line.opacity === undefined ? '' : ` stroke-opacity="${n(line.opacity, 2)}"`
    return (
      `<path d="M${this.toImage(clipped[0])}L${this.toImage(clipped[1])}" ` +
      `stroke="${line.stroke}" stroke-width="${n(line.width)}"${opacity}/>`
    )
  }

  /** One face of the cube: the sky behind, then the pieces in the order given (far to near). */
  draw(face: CubeFace, pieces: readonly Piece[]): string {
    const body: string[] = []
    for (const piece of pieces) {
      for (const shape of piece.faces)
        if (this.facesToward(shape)) body.push(this.polygon(face, shape))
      for (const line of piece.lines ?? []) body.push(this.line(face, line))
    }
    const s = this.size
    const sky =
      face === 'top'
        ? `<rect width="${s}" height="${s}" fill="${SKY.high}"/>`
        : face === 'bottom'
          ? `<rect width="${s}" height="${s}" fill="${SKY.horizon}"/>`
          : '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" ' +
            `stop-color="${SKY.high}"/><stop offset="0.5" stop-color="${SKY.horizon}"/>` +
            `</linearGradient></defs><rect width="${s}" height="${s}" fill="url(#sky)"/>`
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="` +
      `${s}" viewBox="0 0 ${s} ${s}">${sky}${body.join('')}</svg>`
    )
  }
}

import {complex} from './complex.ts'
import {treeBelt} from './nature.ts'
import {moodColors} from './outdoor.ts'
import type {Mood} from './sky.ts'
import {ellipse, el, group, poly, rect, type Rng, type Scene} from './svg.ts'

export interface RoomColors {
  backWall: string
  sideWall: string
  floor: string
  floorLine: string
  ceiling: string
}

export interface BoxColors {
  top: string
  front: string
  side: string
}

/**
 * A one-point-perspective room: the back wall is a rectangle, the side walls, floor and ceiling
 * run from it to the canvas edges. Positions on the floor are (u across 0..1, t depth 0 front
 * .. 1 back), so furniture boxes land in perspective without a 3D engine.
 */
export class Room {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
  private readonly k: number

  constructor(
    private readonly scene: Scene,
    back: {x0: number; y0: number; x1: number; y1: number},
    private readonly colors: RoomColors,
  ) {
    this.x0 = back.x0
    this.y0 = back.y0
    this.x1 = back.x1
    this.y1 = back.y1
    this.k = (back.x1 - back.x0) / scene.width
  }

  private lerp(a: number, b: number, t: number): number {
    return a + (b - a) * t
  }

  /** Screen point on the floor. */
  floor(u: number, t: number): [number, number] {
    const left = this.lerp(0, this.x0, t)
    const right = this.lerp(this.scene.width, this.x1, t)
    return [this.lerp(left, right, u), this.lerp(this.scene.height, this.y1, t)]
  }

  scaleAt(t: number): number {
    return this.lerp(1, this.k, t)
  }

  shell(planks = 14): string {
    const {width: w, height: h} = this.scene
    const {x0, y0, x1, y1} = this
    let lines = ''
    for (let i = 1; i < planks; i += 1) {
      const [bx, by] = this.floor(i / planks, 1)
      const [fx, fy] = this.floor(i / planks, 0)
      lines += `M${Math.round(bx)} ${Math.round(by)}L${Math.round(fx)} ${Math.round(fy)}`
    }
    return [
      poly([0, 0, w, 0, x1, y0, x0, y0], this.colors.ceiling),
      poly([0, 0, x0, y0, x0, y1, 0, h], this.colors.sideWall),
      poly([w, 0, x1, y0, x1, y1, w, h], this.colors.sideWall),
      poly([x0, y1, x1, y1, w, h, 0, h], this.colors.floor),
      el('path', {d: lines, stroke: this.colors.floorLine, 'stroke-width': 1.5, opacity: 0.6}),
      rect(x0, y0, x1 - x0, y1 - y0, this.colors.backWall),
      // Cove light where the ceiling meets the back wall.
      rect(x0, y0, x1 - x0, 6, '#fff4d8', {opacity: 0.8}),
    ].join('')
  }

  /**
   * A quad on the left (side -1) or right (side 1) wall between depths t0..t1, heights h0..h1 (0
   * floor, 1 ceiling).
   */
  wallQuad(
    side: -1 | 1,
    t0: number,
    t1: number,
    h0: number,
    h1: number,
    fill: string,
    extra: Record<string, string | number> = {},
  ): string {
    const {width: w, height: h} = this.scene
    const edgeX = side === -1 ? 0 : w
    const backX = side === -1 ? this.x0 : this.x1
    const at = (t: number, hf: number): [number, number] => {
      const x = this.lerp(edgeX, backX, t)
      const top = this.lerp(0, this.y0, t)
      const bottom = this.lerp(h, this.y1, t)
      return [x, this.lerp(bottom, top, hf)]
    }
    return poly([...at(t0, h0), ...at(t1, h0), ...at(t1, h1), ...at(t0, h1)], fill, extra)
  }

  /** A rectangle on the back wall given in fractions of the back wall. */
  backRect(
    fx0: number,
    fy0: number,
    fx1: number,
    fy1: number,
  ): {x: number; y: number; width: number; height: number} {
    const bw = this.x1 - this.x0
    const bh = this.y1 - this.y0
    return {
      x: this.x0 + bw * fx0,
      y: this.y0 + bh * fy0,
      width: bw * (fx1 - fx0),
      height: bh * (fy1 - fy0),
    }
  }

  /** A box standing on the floor, drawn side, front, then top. `height` is in front-plane px. */
  box(u0: number, u1: number, t0: number, t1: number, height: number, colors: BoxColors): string {
    const raise = (p: [number, number], t: number): [number, number] => [
      p[0],
      p[1] - height * this.scaleAt(t),
    ]
    const fl = this.floor(u0, t0)
    const fr = this.floor(u1, t0)
    const bl = this.floor(u0, t1)
    const br = this.floor(u1, t1)
    const showRight = (u0 + u1) / 2 < 0.5
    const sideFloor = showRight ? [fr, br] : [fl, bl]
    const [sf, sb] = sideFloor as [[number, number], [number, number]]
    return [
      poly([...sf, ...sb, ...raise(sb, t1), ...raise(sf, t0)], colors.side),
      poly([...fl, ...fr, ...raise(fr, t0), ...raise(fl, t0)], colors.front),
      poly([...raise(fl, t0), ...raise(fr, t0), ...raise(br, t1), ...raise(bl, t1)], colors.top),
    ].join('')
  }

  /** Recessed ceiling lights in two rows. */
  downlights(count: number): string {
    const lights: string[] = []
    for (const t of [0.35, 0.7]) {
      for (let i = 0; i < count; i += 1) {
        const u = (i + 0.5) / count
        const x = this.lerp(this.lerp(0, this.x0, t), this.lerp(this.scene.width, this.x1, t), u)
        const y = this.lerp(0, this.y0, t) * 0.9 + 8
        lights.push(ellipse(x, y, 14 * this.scaleAt(t), 4 * this.scaleAt(t), '#fff8e0'))
      }
    }
    return lights.join('')
  }
}

/** The view through a window: sky, far bank, the lake and a small copy of the complex. */
export function windowView(
  scene: Scene,
  rng: Rng,
  mood: Mood,
  area: {x: number; y: number; width: number; height: number},
  frames: number,
): string {
  const c = moodColors[mood]
  const clip = scene.def(`clip-window-${Math.round(area.x)}`, (id) =>
    el('clipPath', {id}, rect(area.x, area.y, area.width, area.height, '#000')),
  )
  const horizon = area.y + area.height * 0.55
  const sky = scene.linear(
    `window-sky-${mood}`,
    mood === 'dusk'
      ? [
          {offset: 0, color: '#3a3f7c'},
          {offset: 1, color: '#f2a77a'},
        ]
      : mood === 'golden'
        ? [
            {offset: 0, color: '#8fb3d6'},
            {offset: 1, color: '#f6d2a0'},
          ]
        : [
            {offset: 0, color: '#7fb8e6'},
            {offset: 1, color: '#e2f2fb'},
          ],
  )
  const mullions: string[] = []
  for (let i = 0; i <= frames; i += 1)
    mullions.push(rect(area.x + (area.width / frames) * i - 4, area.y, 8, area.height, '#f7f7f5'))
  const scale = area.height / 520
  return [
    group({'clip-path': clip}, [
      rect(area.x, area.y, area.width, area.height, sky),
      rect(
        area.x,
        horizon,
        area.width,
        area.height,
        scene.linear(
          `window-lake-${mood}`,
          c.lake.map((color, i) => ({offset: i * 0.6, color})),
        ),
      ),
      complex(scene, mood, rng, {
        centerX: area.x + area.width * 0.62,
        backY: horizon - 20 * scale,
        frontY: horizon,
        backScale: 0.9 * scale,
        frontScale: 1.1 * scale,
        lit: mood === 'dusk' ? 0.4 : 0,
        treeColors: c.trees,
        front: [5, 6, 5],
        gap: 40 * scale,
      }),
      treeBelt(scene, rng, {
        x0: area.x,
        x1: area.x + area.width,
        y: horizon + 4,
        size: [26 * scale, 40 * scale],
        colors: c.trees,
        gap: 26 * scale,
      }),
      rect(area.x, area.y + area.height * 0.78, area.width, area.height * 0.22, '#d9dde2', {
        opacity: 0.9,
      }),
      // Balcony glass rail.
      rect(area.x, area.y + area.height * 0.72, area.width, 5, '#9aa3b2'),
    ]),
    ...mullions,
    rect(area.x - 6, area.y - 6, area.width + 12, 8, '#f7f7f5'),
  ].join('')
}

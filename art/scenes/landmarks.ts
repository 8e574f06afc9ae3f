import {lowBuilding} from './buildings.ts'
import {palette} from './palette.ts'
import {circle, el, group, n, poly, rect, type Rng, type Scene} from './svg.ts'

/** Glass office towers of the employment cluster (직주근접), varying heights. */
export function officeTowers(
  rng: Rng,
  x0: number,
  base: number,
  count: number,
  unit: number,
  tint: string,
): string {
  const parts: string[] = []
  let x = x0
  for (let i = 0; i < count; i += 1) {
    const w = unit * rng.range(0.8, 1.2)
    const h = unit * rng.range(2.4, 4.2)
    parts.push(
      rect(x, base - h, w, h, tint),
      rect(x + w * 0.62, base - h, w * 0.38, h, '#000', {opacity: 0.12}),
    )
    let lines = ''
    for (let y = base - h + unit * 0.2; y < base - 4; y += unit * 0.18)
      lines += `M${n(x)} ${n(y)}h${n(w)}v${n(unit * 0.035)}h${n(-w)}z`
    parts.push(el('path', {d: lines, fill: '#fff', opacity: 0.35}))
    x += w + unit * rng.range(0.15, 0.4)
  }
  return parts.join('')
}

/** A clean industrial complex: saw-tooth roofed halls and a slim stack. */
export function factory(x: number, base: number, unit: number, wall: string, roof: string): string {
  let teeth = `M${n(x)} ${n(base - unit)}`
  for (let i = 0; i < 5; i += 1) teeth += `l${n(unit * 0.6)} ${n(-unit * 0.45)}v${n(unit * 0.45)}`
  teeth += `V${n(base)}H${n(x)}Z`
  return group({}, [
    rect(x + unit * 2.6, base - unit * 2.4, unit * 0.22, unit * 2.4, palette.grey300),
    rect(x + unit * 2.6, base - unit * 2.2, unit * 0.22, unit * 0.12, palette.pink),
    el('path', {d: teeth, fill: roof}),
    rect(x, base - unit * 0.7, unit * 3, unit * 0.7, wall),
    rect(x + unit * 0.2, base - unit * 0.5, unit * 2.6, unit * 0.18, '#86afd3'),
  ])
}

/** School: a three-storey block with a clock, flagpole and a running track in front. */
export function school(x: number, base: number, scale: number): string {
  const w = 360 * scale
  const h = 130 * scale
  return group({}, [
    lowBuilding({
      x,
      y: base,
      width: w,
      height: h,
      depth: 40 * scale,
      wall: '#f6eee2',
      side: '#d2c3ab',
      roof: '#c0644f',
      glass: '#86afd3',
      rows: 3,
    }),
    rect(x + w * 0.42, base - h - 40 * scale, w * 0.16, 40 * scale, '#f6eee2'),
    circle(x + w * 0.5, base - h - 18 * scale, 13 * scale, '#fff', {
      stroke: palette.navy,
      'stroke-width': 3 * scale,
    }),
    el('path', {
      d: `M${n(x + w * 0.5)} ${n(base - h - 27 * scale)}v${n(9 * scale)}h${n(7 * scale)}`,
      stroke: palette.navy,
      'stroke-width': 2.5 * scale,
      fill: 'none',
    }),
    rect(x + w * 0.44, base - 50 * scale, w * 0.12, 50 * scale, palette.woodDark),
    rect(x - 60 * scale, base - 170 * scale, 4 * scale, 170 * scale, palette.grey400),
    poly(
      [
        x - 56 * scale,
        base - 168 * scale,
        x - 10 * scale,
        base - 156 * scale,
        x - 56 * scale,
        base - 144 * scale,
      ],
      palette.lake,
    ),
  ])
}

/** Shop front with a striped awning, for the mart and street retail. */
export function shop(
  x: number,
  base: number,
  width: number,
  height: number,
  wall: string,
  stripe: string,
): string {
  let awning = ''
  const stripes = Math.max(4, Math.round(width / 40))
  const sw = width / stripes
  for (let i = 0; i < stripes; i += 2)
    awning += `M${n(x + i * sw)} ${n(base - height * 0.62)}h${n(sw)}v${n(height * 0.16)}h${n(-sw)}z`
  return group({}, [
    lowBuilding({
      x,
      y: base,
      width,
      height,
      depth: 30,
      wall,
      side: '#c9ccd4',
      roof: '#e3e6ec',
      glass: '#9cc3e0',
      rows: 1,
    }),
    rect(x, base - height * 0.62, width, height * 0.16, '#fff'),
    el('path', {d: awning, fill: stripe}),
    rect(x + width * 0.08, base - height * 0.4, width * 0.84, height * 0.4, '#bfe0f3'),
  ])
}

/** Hospital: white block with a green cross sign (a symbol, not text). */
export function hospital(x: number, base: number, scale: number): string {
  const w = 200 * scale
  const h = 210 * scale
  return group({}, [
    lowBuilding({
      x,
      y: base,
      width: w,
      height: h,
      depth: 36 * scale,
      wall: '#ffffff',
      side: '#cfd8e3',
      roof: '#e5ebf2',
      glass: '#86afd3',
      rows: 5,
    }),
    rect(x + w * 0.4, base - h - 46 * scale, w * 0.2, 46 * scale, '#fff'),
    el('path', {
      d:
        `M${n(x + w * 0.47)} ${n(base - h - 40 * scale)}h${n(w * 0.06)}v${n(12 * scale)}` +
        `h${n(12 * scale)}v${n(12 * scale)}h${n(-12 * scale)}v${n(12 * scale)}h${n(-w * 0.06)}` +
        `v${n(-12 * scale)}h${n(-12 * scale)}v${n(-12 * scale)}h${n(12 * scale)}z`,
      fill: palette.park,
    }),
  ])
}

/** Tower crane for the construction-stage banner. */
export function crane(x: number, base: number, height: number, color: string): string {
  const jib = height * 0.9
  return group({}, [
    rect(x, base - height, height * 0.04, height, color),
    rect(x - jib * 0.3, base - height - height * 0.04, jib * 1.3, height * 0.035, color),
    poly(
      [
        x,
        base - height - height * 0.04,
        x + height * 0.02,
        base - height - height * 0.16,
        x + height * 0.04,
        base - height - height * 0.04,
      ],
      color,
    ),
    el('path', {
      d: `M${n(x + jib * 0.7)} ${n(base - height)}v${n(height * 0.35)}`,
      stroke: palette.grey500,
      'stroke-width': 1.5,
    }),
    rect(x - jib * 0.28, base - height, jib * 0.1, height * 0.05, palette.grey500),
  ])
}

/** The model house (견본주택) pavilion: glass ground floor, navy fascia, blank sign band. */
export function modelHouse(scene: Scene, x: number, y: number): string {
  const glass = scene.linear('pavilion-glass', [
    {offset: 0, color: '#9cc3e0'},
    {offset: 1, color: '#ffe2b0'},
  ])
  const mullions: string[] = []
  for (let i = 1; i < 12; i += 1)
    mullions.push(rect(x + 40 + i * 60, y - 150, 4, 150, '#ffffff', {opacity: 0.7}))
  return group({}, [
    rect(x, y - 230, 860, 80, palette.navy),
    rect(x, y - 150, 860, 150, palette.grey300),
    rect(x + 40, y - 150, 780, 150, glass),
    ...mullions,
    rect(x - 30, y - 240, 920, 14, palette.white),
    rect(x + 200, y - 212, 460, 44, palette.sand, {rx: 4}),
    rect(x + 230, y - 196, 400, 12, palette.pink, {rx: 6, opacity: 0.85}),
    // Warm interior seen through the glass: display furniture and lights.
    ...[120, 330, 560, 740].map((dx) => circle(x + dx, y - 128, 7, '#fff2c4')),
    rect(x + 100, y - 60, 120, 40, '#b88b63', {opacity: 0.6}),
    rect(x + 560, y - 70, 140, 50, '#8a6646', {opacity: 0.5}),
  ])
}

/** Event flag on a pole. */
export function flag(x: number, y: number, color: string): string {
  return group({}, [
    rect(x, y - 190, 5, 190, palette.grey500),
    el('path', {d: `M${x + 5} ${y - 186}h46v110q-23-10-46 0z`, fill: color}),
  ])
}

/** Low community hall or shop block with two bands of windows. */
export function clubhouse(x: number, y: number, width: number, height: number): string {
  return lowBuilding({
    x,
    y,
    width,
    height,
    wall: '#f5efe4',
    side: '#cdbfa8',
    roof: '#e0d5c4',
    glass: '#86afd3',
    rows: 2,
  })
}

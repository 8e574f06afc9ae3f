import {circle, el, group, n, poly, rect, type Rng, type Scene, translate, instance} from './svg.ts'

// Trees are canonical symbols (about 100 units tall) tinted through `color`, so a scene pays
// for the shapes once and for each placement with a single <use>.
function treeSymbols(scene: Scene): {round: string; cone: string; tall: string} {
  const trunk = '#6b4f3a'
  const round = scene.symbol('tree-round', () => [
    rect(-3, -30, 6, 30, trunk),
    circle(0, -58, 30, 'currentColor'),
    circle(-16, -42, 20, 'currentColor'),
    circle(17, -44, 21, 'currentColor'),
    circle(-8, -66, 15, '#fff', {opacity: 0.14}),
  ])
  const cone = scene.symbol('tree-cone', () => [
    rect(-3, -16, 6, 16, trunk),
    poly([0, -100, 26, -14, -26, -14], 'currentColor'),
    poly([0, -100, 0, -14, -26, -14], '#fff', {opacity: 0.12}),
  ])
  const tall = scene.symbol('tree-tall', () => [
    rect(-2.5, -30, 5, 30, trunk),
    el('ellipse', {cx: 0, cy: -70, rx: 18, ry: 44, fill: 'currentColor'}),
    el('ellipse', {cx: -6, cy: -78, rx: 7, ry: 26, fill: '#fff', opacity: 0.14}),
  ])
  return {round, cone, tall}
}

export type TreeKind = 'round' | 'cone' | 'tall'

export function tree(
  scene: Scene,
  kind: TreeKind,
  x: number,
  y: number,
  height: number,
  color: string,
): string {
  return instance(treeSymbols(scene)[kind], {transform: translate(x, y, height / 100), color})
}

/** A loose belt of trees between x0 and x1, drawn back to front. */
export function treeBelt(
  scene: Scene,
  rng: Rng,
  options: {
    x0: number
    x1: number
    y: number
    spread?: number
    size: [number, number]
    colors: readonly string[]
    kinds?: readonly TreeKind[]
    gap?: number
  },
): string {
  const placements: Array<{x: number; y: number; h: number; kind: TreeKind; color: string}> = []
  const gap = options.gap ?? options.size[1] * 0.45
  for (let x = options.x0; x <= options.x1; x += rng.range(gap * 0.6, gap * 1.3)) {
    placements.push({
      x,
      y: options.y + rng.range(0, options.spread ?? 0),
      h: rng.range(options.size[0], options.size[1]),
      kind: rng.pick(options.kinds ?? ['round']),
      color: rng.pick(options.colors),
    })
  }
  placements.sort((a, b) => a.y - b.y)
  return placements.map((p) => tree(scene, p.kind, p.x, p.y, p.h, p.color)).join('')
}

/** Water surface with a vertical gradient. */
export function water(
  scene: Scene,
  id: string,
  x: number,
  y: number,
  width: number,
  height: number,
  top: string,
  bottom: string,
): string {
  return rect(
    x,
    y,
    width,
    height,
    scene.linear(id, [
      {offset: 0, color: top},
      {offset: 1, color: bottom},
    ]),
  )
}

/**
 * Mirrors a <defs> group in the water below `waterline`, clipped to the water area, then
 * breaks it up with ripple strokes so it reads as a reflection rather than a copy.
 */
export function reflection(
  scene: Scene,
  rng: Rng,
  href: string,
  area: {x: number; y: number; width: number; height: number; waterline: number},
  options: {opacity?: number; ripple?: string} = {},
): string {
  const clip = scene.def(`clip-water-${n(area.y)}-${n(area.x)}`, (id) =>
    el('clipPath', {id}, rect(area.x, area.y, area.width, area.height, '#000')),
  )
  const ripples: string[] = []
  const count = Math.round((area.width * area.height) / 9000)
  for (let i = 0; i < count; i += 1) {
    const x = rng.range(area.x, area.x + area.width)
    const y = area.y + Math.pow(rng.next(), 1.4) * area.height
    ripples.push(`M${n(x)} ${n(y)}h${n(rng.range(14, 70))}v1.6h${n(-rng.range(14, 70))}z`)
  }
  return group({'clip-path': clip}, [
    instance(href, {
      transform: `matrix(1 0 0 -1 0 ${n(area.waterline * 2)})`,
      opacity: options.opacity ?? 0.45,
    }),
    el('path', {d: ripples.join(''), fill: options.ripple ?? '#fff', opacity: 0.22}),
  ])
}

/** Soft lawn mound used in foregrounds. */
export function mound(x0: number, x1: number, y: number, rise: number, fill: string): string {
  const mid = (x0 + x1) / 2
  return el('path', {d: `M${n(x0)} ${n(y)}Q${n(mid)} ${n(y - rise * 2)} ${n(x1)} ${n(y)}Z`, fill})
}

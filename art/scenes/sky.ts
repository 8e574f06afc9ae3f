import {palette} from './palette.ts'
import {circle, el, n, rect, type Rng, type Scene} from './svg.ts'

export type Mood = 'dusk' | 'golden' | 'day' | 'night'

const skyStops: Record<Mood, Array<[number, string]>> = {
  dusk: [
    [0, '#101a36'],
    [0.35, '#2b3068'],
    [0.62, '#774f88'],
    [0.83, '#d97c7c'],
    [1, '#f6b47b'],
  ],
  golden: [
    [0, '#4a78ad'],
    [0.45, '#97b9d8'],
    [0.82, '#f1d5ab'],
    [1, '#f6c48f'],
  ],
  day: [
    [0, '#4f95d4'],
    [0.6, '#a3cff0'],
    [1, '#e4f3fc'],
  ],
  night: [
    [0, '#070d1f'],
    [0.6, palette.navy],
    [1, '#2e3d6b'],
  ],
}

/** Fills the canvas above the horizon with the mood's gradient, plus a sun glow and stars. */
export function sky(
  scene: Scene,
  mood: Mood,
  horizon: number,
  rng: Rng,
  sunX = scene.width * 0.5,
): string {
  const fill = scene.linear(
    `sky-${mood}`,
    skyStops[mood].map(([offset, color]) => ({offset, color})),
  )
  const parts = [rect(0, 0, scene.width, horizon + 2, fill)]
  if (mood !== 'day') {
    const glow = scene.radial(`glow-${mood}`, [
      {
        offset: 0,
        color: mood === 'night' ? '#6f7fb8' : '#ffe2a8',
        opacity: mood === 'night' ? 0.35 : 0.9,
      },
      {offset: 1, color: mood === 'night' ? '#6f7fb8' : '#ffb36b', opacity: 0},
    ])
    const r = scene.width * 0.32
    parts.push(el('ellipse', {cx: sunX, cy: horizon, rx: r, ry: r * 0.55, fill: glow}))
  }
  if (mood === 'dusk' || mood === 'night') {
    const stars: string[] = []
    const count = Math.round(scene.width / (mood === 'night' ? 24 : 40))
    for (let i = 0; i < count; i += 1) {
      const x = rng.range(0, scene.width)
      const y = rng.range(0, horizon * 0.45)
      stars.push(`M${n(x)} ${n(y)}h1.6v1.6h-1.6z`)
    }
    parts.push(el('path', {d: stars.join(''), fill: '#fff', opacity: 0.7}))
  }
  if (mood === 'golden' || mood === 'day') parts.push(clouds(scene, rng, horizon))
  return parts.join('')
}

function clouds(scene: Scene, rng: Rng, horizon: number): string {
  const puffs: string[] = []
  const count = Math.max(2, Math.round(scene.width / 500))
  for (let i = 0; i < count; i += 1) {
    const cx = ((i + 0.5) / count) * scene.width + rng.range(-80, 80)
    const cy = rng.range(horizon * 0.15, horizon * 0.55)
    const w = rng.range(90, 170)
    puffs.push(
      el('ellipse', {cx, cy, rx: w, ry: w * 0.16, fill: '#fff'}),
      circle(cx - w * 0.3, cy - w * 0.1, w * 0.22, '#fff'),
      circle(cx + w * 0.12, cy - w * 0.14, w * 0.3, '#fff'),
    )
  }
  return el('g', {opacity: 0.55}, puffs)
}

/** A ridge of distant hills between the horizon and `height` px above it. */
export function hills(
  scene: Scene,
  rng: Rng,
  horizon: number,
  height: number,
  color: string,
  opacity = 1,
): string {
  const phase = [rng.range(0, 6), rng.range(0, 6), rng.range(0, 6)]
  const step = 40
  let d = `M0 ${n(horizon + 4)}`
  for (let x = 0; x <= scene.width + step; x += step) {
    const wave =
      0.5 +
      0.28 * Math.sin(x / 310 + (phase[0] ?? 0)) +
      0.15 * Math.sin(x / 120 + (phase[1] ?? 0)) +
      0.07 * Math.sin(x / 47 + (phase[2] ?? 0))
    d += `L${x} ${n(horizon - height * wave)}`
  }
  d += `L${scene.width + step} ${n(horizon + 4)}Z`
  return el('path', {d, fill: color, opacity: opacity === 1 ? undefined : opacity})
}

/** Far-off city blocks on the horizon, drawn as one path. */
export function skyline(
  rng: Rng,
  x0: number,
  x1: number,
  base: number,
  maxHeight: number,
  color: string,
): string {
  let d = ''
  let x = x0
  while (x < x1) {
    const w = rng.range(14, 38)
    const h = rng.range(maxHeight * 0.3, maxHeight)
    d += `M${n(x)} ${n(base)}v${n(-h)}h${n(w)}v${n(h)}z`
    x += w + rng.range(2, 12)
  }
  return el('path', {d, fill: color})
}

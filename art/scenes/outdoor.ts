import {reflection, water} from './nature.ts'
import {hills, type Mood, sky, skyline} from './sky.ts'
import {el, rect, type Rng, type Scene} from './svg.ts'

interface MoodColors {
  ground: [string, string]
  farHill: string
  nearHill: string
  city: string
  lake: [string, string]
  trees: readonly string[]
  path: string
}

export const moodColors: Record<Mood, MoodColors> = {
  dusk: {
    ground: ['#34445a', '#243d3a'],
    farHill: '#5a4d84',
    nearHill: '#3b3a69',
    city: '#4a4578',
    lake: ['#b77487', '#1a2850'],
    trees: ['#2f5c4a', '#3a6b52', '#27503f', '#46775a'],
    path: '#a8917d',
  },
  golden: {
    ground: ['#a7b67e', '#6f9a5e'],
    farHill: '#b9a7ad',
    nearHill: '#8e9c8c',
    city: '#b8aab0',
    lake: ['#ecc9a0', '#4d7fa8'],
    trees: ['#5f8f4e', '#79a35a', '#4e7f48', '#8fb06a'],
    path: '#e9dcc4',
  },
  day: {
    ground: ['#a3d08c', '#5fa86b'],
    farHill: '#a9c3d8',
    nearHill: '#7fae8c',
    city: '#b6c7d8',
    lake: ['#a6d3ef', '#3a86c8'],
    trees: ['#4f9d69', '#3f8a5a', '#68b07c', '#2f6e48'],
    path: '#e9dcc4',
  },
  night: {
    ground: ['#1d2a3f', '#15282a'],
    farHill: '#27305a',
    nearHill: '#1b2445',
    city: '#232c52',
    lake: ['#2e3d6b', '#0c1529'],
    trees: ['#1f3d35', '#274a3f', '#1a332d'],
    path: '#4b5366',
  },
}

/** Sky, hills, a distant city and the ground plane: the backdrop of every outdoor scene. */
export function backdrop(
  scene: Scene,
  rng: Rng,
  mood: Mood,
  horizon: number,
  options: {sunX?: number; hillHeight?: number; city?: boolean} = {},
): string {
  const c = moodColors[mood]
  const hillHeight = options.hillHeight ?? scene.height * 0.12
  return [
    sky(scene, mood, horizon, rng, options.sunX),
    hills(scene, rng, horizon, hillHeight, c.farHill, 0.6),
    options.city === false
      ? ''
      : skyline(rng, 0, scene.width, horizon + 4, hillHeight * 0.35, c.city),
    hills(scene, rng, horizon + 8, hillHeight * 0.45, c.nearHill),
    rect(
      0,
      horizon,
      scene.width,
      scene.height - horizon,
      scene.linear(
        `ground-${mood}`,
        c.ground.map((color, i) => ({offset: i, color})),
      ),
    ),
  ].join('')
}

/** A lake from `waterline` down to the bottom edge reflecting the `#${href}` group above it. */
export function lake(
  scene: Scene,
  rng: Rng,
  mood: Mood,
  waterline: number,
  href: string,
  bottom = scene.height,
): string {
  const c = moodColors[mood]
  return [
    rect(0, waterline - 5, scene.width, 7, c.path),
    water(
      scene,
      `lake-${mood}`,
      0,
      waterline,
      scene.width,
      bottom - waterline,
      c.lake[0],
      c.lake[1],
    ),
    reflection(
      scene,
      rng,
      href,
      {
        x: 0,
        y: waterline + 2,
        width: scene.width,
        height: bottom - waterline,
        waterline: waterline + 2,
      },
      {opacity: mood === 'day' ? 0.35 : 0.5},
    ),
  ].join('')
}

/** Curved footpath drawn as a tapered band from the foreground into the scene. */
export function footpath(d: string, color: string, width: number): string {
  return el('path', {
    d,
    stroke: color,
    'stroke-width': width,
    fill: 'none',
    'stroke-linecap': 'round',
  })
}

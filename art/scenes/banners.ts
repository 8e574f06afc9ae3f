import {complex} from './complex.ts'
import {sofa, pendant, plant, rug, shade, table} from './furniture.ts'
import {crane, flag, modelHouse, officeTowers} from './landmarks.ts'
import {treeBelt} from './nature.ts'
import {backdrop, lake, moodColors} from './outdoor.ts'
import {palette} from './palette.ts'
import {person} from './people.ts'
import {Room, windowView} from './room.ts'
import type {Mood} from './sky.ts'
import {stadium} from './sports.ts'
import {el, instance, n, rect, Rng, Scene} from './svg.ts'

// Sub-page title banners, 1920x400. The site overlays the page title in the middle, so each
// keeps its detail low and spread out, with no lettering of its own.
const W = 1920
const H = 400

interface WaterfrontSpec {
  seed: number
  mood: Mood
  horizon: number
  waterline: number
  lit: number
  extras?: (scene: Scene, rng: Rng) => string[]
}

/** Complex across the lake: the common ground of the brand, complex and press banners. */
function waterfront(spec: WaterfrontSpec): string {
  const scene = new Scene(W, H)
  const rng = new Rng(spec.seed)
  const c = moodColors[spec.mood]
  scene.add(backdrop(scene, rng, spec.mood, spec.horizon, {hillHeight: 70}))
  scene.symbol('shore', () => [
    ...(spec.extras?.(scene, rng) ?? []),
    complex(scene, spec.mood, rng, {
      centerX: 960,
      backY: spec.waterline - 40,
      frontY: spec.waterline - 6,
      backScale: 0.62,
      frontScale: 0.85,
      lit: spec.lit,
      treeColors: c.trees,
      gap: 40,
    }),
    treeBelt(scene, rng, {
      x0: 0,
      x1: W,
      y: spec.waterline - 2,
      spread: 4,
      size: [24, 40],
      colors: c.trees,
      kinds: ['round', 'tall'],
      gap: 30,
    }),
  ])
  scene.add(instance('#shore'), lake(scene, rng, spec.mood, spec.waterline, '#shore'))
  return scene.toString()
}

export const bannerBrand = (): string =>
  waterfront({seed: 501, mood: 'dusk', horizon: 230, waterline: 300, lit: 0.4})

export const bannerComplex = (): string =>
  waterfront({
    seed: 504,
    mood: 'night',
    horizon: 220,
    waterline: 300,
    lit: 0.4,
    extras: (scene) => [stadium(scene, 1620, 262, 150, 30, true)],
  })

export const bannerPress = (): string =>
  waterfront({
    seed: 508,
    mood: 'night',
    horizon: 240,
    waterline: 310,
    lit: 0.3,
    extras: (_scene, rng) => [
      officeTowers(rng, 40, 300, 8, 44, '#2b3658'),
      officeTowers(rng, 1440, 300, 8, 44, '#2b3658'),
    ],
  })

/** 사업개요: the blocks topping out, tower cranes still in place. */
export function bannerBusiness(): string {
  const scene = new Scene(W, H)
  const rng = new Rng(502)
  const c = moodColors.day
  scene.add(
    backdrop(scene, rng, 'day', 260, {hillHeight: 80}),
    crane(700, 330, 250, palette.windowAmber),
    crane(1180, 330, 270, palette.windowAmber),
    complex(scene, 'day', rng, {
      centerX: 960,
      backY: 300,
      frontY: 340,
      backScale: 0.68,
      frontScale: 0.9,
      lit: 0,
      treeColors: c.trees,
      gap: 50,
    }),
    rect(0, 340, W, 60, '#cdbb9b'),
    el('path', {
      d: 'M0 352H1920',
      stroke: palette.pink,
      'stroke-width': 4,
      'stroke-dasharray': '60 30',
    }),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 420,
      y: 346,
      spread: 20,
      size: [50, 80],
      colors: c.trees,
      gap: 40,
    }),
    treeBelt(scene, rng, {
      x0: 1500,
      x1: W,
      y: 346,
      spread: 20,
      size: [50, 80],
      colors: c.trees,
      gap: 40,
    }),
  )
  return scene.toString()
}

/** 입지환경: the lake, the complex and the sports park in one sweep. */
export function bannerLocation(): string {
  const scene = new Scene(W, H)
  const rng = new Rng(503)
  const c = moodColors.golden
  scene.add(backdrop(scene, rng, 'golden', 220, {hillHeight: 70, sunX: 400}))
  scene.symbol('location-shore', () => [
    officeTowers(rng, 60, 270, 8, 40, '#b9c7d6'),
    stadium(scene, 1560, 258, 190, 40, false),
    complex(scene, 'golden', rng, {
      centerX: 900,
      backY: 260,
      frontY: 292,
      backScale: 0.6,
      frontScale: 0.8,
      lit: 0.05,
      treeColors: c.trees,
      gap: 40,
    }),
    treeBelt(scene, rng, {
      x0: 0,
      x1: W,
      y: 296,
      spread: 4,
      size: [24, 40],
      colors: c.trees,
      gap: 22,
    }),
  ])
  scene.add(instance('#location-shore'), lake(scene, rng, 'golden', 300, '#location-shore'))
  return scene.toString()
}

/** 평면안내: a blueprint of the unit plans as an abstract, label-free pattern. */
export function bannerFloorplan(): string {
  const scene = new Scene(W, H)
  const rng = new Rng(505)
  const paper = scene.linear(
    'blueprint',
    [
      {offset: 0, color: '#1b2c52'},
      {offset: 1, color: palette.navy},
    ],
    {x2: 1, y2: 0},
  )
  let grid = ''
  for (let x = 0; x <= W; x += 40) grid += `M${x} 0V${H}`
  for (let y = 0; y <= H; y += 40) grid += `M0 ${y}H${W}`
  let walls = ''
  let doors = ''
  for (let x = 20; x < W; x += 320) {
    const top = rng.range(30, 70)
    const w = 280
    const h = rng.range(260, 330)
    const split = rng.range(0.4, 0.6)
    walls +=
      `M${n(x)} ${n(top)}h${w}v${n(h)}h${-w}z` +
      `M${n(x + w * split)} ${n(top)}v${n(h * 0.6)}` +
      `M${n(x)} ${n(top + h * 0.6)}h${w}` +
      `M${n(x + w * 0.3)} ${n(top + h * 0.6)}v${n(h * 0.4)}`
    doors +=
      `M${n(x + w * split)} ${n(top + h * 0.6 - 40)}a40 40 0 0 1 40 40` +
      `M${n(x + w * 0.3)} ${n(top + h * 0.6 + 40)}a40 40 0 0 0 40 -40`
  }
  scene.add(
    rect(0, 0, W, H, paper),
    el('path', {d: grid, stroke: '#3a86c8', 'stroke-width': 1, opacity: 0.25}),
    el('path', {d: walls, stroke: '#cfe4f6', 'stroke-width': 6, fill: 'none', opacity: 0.55}),
    el('path', {d: doors, stroke: '#cfe4f6', 'stroke-width': 2, fill: 'none', opacity: 0.45}),
    rect(
      0,
      0,
      W,
      H,
      scene.radial(
        'blueprint-vignette',
        [
          {offset: 0, color: palette.navy, opacity: 0.1},
          {offset: 1, color: palette.navy, opacity: 0.75},
        ],
        {r: 0.7},
      ),
    ),
  )
  return scene.toString()
}

/** 인테리어: a wide living room facing the lake at golden hour. */
export function bannerInterior(): string {
  const scene = new Scene(W, H)
  const rng = new Rng(506)
  const room = new Room(
    scene,
    {x0: 360, y0: 50, x1: 1560, y1: 320},
    {
      backWall: '#efe9e1',
      sideWall: '#e4ddd2',
      floor: '#b58f6a',
      floorLine: '#98724f',
      ceiling: '#f8f6f2',
    },
  )
  scene.add(
    room.shell(24),
    windowView(scene, rng, 'golden', room.backRect(0.03, 0.06, 0.97, 1), 6),
    rug(room, 0.3, 0.7, 0.45, 0.85, '#d8cbb6'),
    sofa(room, 0.33, 0.67, 0.72, 0.86, shade('#7d8aa3', '#65728c', '#525d74'), palette.sand),
    table(
      room,
      0.42,
      0.58,
      0.52,
      0.62,
      30,
      shade(palette.woodLight, palette.wood, palette.woodDark),
      palette.woodDark,
    ),
    plant(room, 0.08, 0.6, 150),
    plant(room, 0.92, 0.6, 150),
    pendant(room, 0.2, 0.3, 50, '#d9b16f'),
    pendant(room, 0.8, 0.3, 50, '#d9b16f'),
  )
  return scene.toString()
}

/** 분양안내: the model-house plaza with flags and arriving visitors. */
export function bannerSales(): string {
  const scene = new Scene(W, H)
  const rng = new Rng(507)
  const c = moodColors.golden
  scene.add(
    backdrop(scene, rng, 'golden', 200, {hillHeight: 60, sunX: 1500}),
    treeBelt(scene, rng, {
      x0: 0,
      x1: W,
      y: 230,
      spread: 10,
      size: [50, 70],
      colors: c.trees,
      gap: 40,
    }),
    rect(0, 290, W, 110, '#e3d6c2'),
    el('g', {transform: 'translate(530 0) scale(1)'}, modelHouse(scene, 0, 320)),
    ...[420, 500, 1440, 1520].map((x, i) =>
      flag(x, 340, i % 2 === 0 ? palette.pink : palette.navy),
    ),
    person(scene, 'walk', 760, 380, 60, palette.navy),
    person(scene, 'walk', 800, 384, 58, '#a04a6a'),
    person(scene, 'child', 836, 386, 38, palette.lake),
    person(scene, 'walk', 1180, 390, 62, '#4a5568', true),
    treeBelt(scene, rng, {x0: 0, x1: 300, y: 400, size: [140, 180], colors: c.trees, gap: 110}),
    treeBelt(scene, rng, {x0: 1660, x1: W, y: 400, size: [140, 180], colors: c.trees, gap: 110}),
  )
  return scene.toString()
}

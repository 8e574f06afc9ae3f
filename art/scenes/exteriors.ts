import {complex} from './complex.ts'
import {clubhouse, flag, modelHouse} from './landmarks.ts'
import {mound, treeBelt, tree} from './nature.ts'
import {backdrop, footpath, lake, moodColors} from './outdoor.ts'
import {palette} from './palette.ts'
import {person} from './people.ts'
import {stadium} from './sports.ts'
import {el, group, n, poly, rect, Rng, Scene, instance} from './svg.ts'

/** Brand story: the complex in golden light seen across the park, residents strolling. */
export function brandIntro(): string {
  const scene = new Scene(1600, 900)
  const rng = new Rng(11)
  const c = moodColors.golden
  scene.add(
    backdrop(scene, rng, 'golden', 470, {sunX: 1150}),
    complex(scene, 'golden', rng, {
      centerX: 800,
      backY: 560,
      frontY: 650,
      backScale: 1.25,
      frontScale: 1.6,
      lit: 0.08,
      treeColors: c.trees,
      gap: 90,
    }),
    mound(-200, 900, 760, 70, '#8fb06a'),
    mound(600, 1800, 780, 80, '#7ea35e'),
    rect(0, 760, 1600, 140, '#7ea35e'),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 1600,
      y: 660,
      spread: 40,
      size: [50, 80],
      colors: c.trees,
      kinds: ['round', 'tall'],
      gap: 70,
    }),
    footpath('M820 900Q760 800 900 740T1300 690', palette.sand, 38),
    treeBelt(scene, rng, {
      x0: -20,
      x1: 300,
      y: 880,
      spread: 10,
      size: [190, 260],
      colors: c.trees,
      kinds: ['round', 'tall'],
      gap: 120,
    }),
    treeBelt(scene, rng, {
      x0: 1380,
      x1: 1640,
      y: 890,
      spread: 10,
      size: [200, 260],
      colors: c.trees,
      kinds: ['round'],
      gap: 130,
    }),
    person(scene, 'walk', 880, 820, 70, palette.navy),
    person(scene, 'walk', 915, 822, 66, '#a04a6a'),
    person(scene, 'child', 950, 826, 44, palette.lake),
    person(scene, 'walk', 1120, 720, 34, '#4a5568', true),
    person(scene, 'stand', 1180, 712, 30, '#6b4f3a'),
  )
  return scene.toString()
}

/** Landscape plan: the central garden with its reflecting pool, playground and pergola. */
export function specialPlan(): string {
  const scene = new Scene(1600, 900)
  const rng = new Rng(22)
  const c = moodColors.day
  scene.add(
    backdrop(scene, rng, 'day', 430),
    complex(scene, 'day', rng, {
      centerX: 800,
      backY: 520,
      frontY: 610,
      backScale: 1.2,
      frontScale: 1.55,
      lit: 0,
      treeColors: c.trees,
      gap: 95,
    }),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 1600,
      y: 622,
      spread: 30,
      size: [50, 85],
      colors: c.trees,
      kinds: ['round', 'tall', 'cone'],
      gap: 60,
    }),
    // Paved plaza and the long reflecting pool in the middle of the garden.
    poly([0, 690, 1600, 690, 1600, 900, 0, 900], '#e6dccb'),
    poly([520, 700, 1080, 700, 1200, 840, 400, 840], '#7fc0e6'),
    poly([520, 700, 1080, 700, 1090, 712, 510, 712], '#ffffff', {opacity: 0.5}),
    el('path', {
      d: 'M560 740h160v3h-160zM830 770h220v3h-220zM600 805h140v3h-140z',
      fill: '#fff',
      opacity: 0.6,
    }),
    playground(180, 800),
    pergola(1260, 800),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 120,
      y: 895,
      size: [220, 280],
      colors: c.trees,
      kinds: ['round'],
      gap: 200,
    }),
    treeBelt(scene, rng, {
      x0: 1500,
      x1: 1600,
      y: 895,
      size: [220, 280],
      colors: c.trees,
      kinds: ['tall'],
      gap: 200,
    }),
    person(scene, 'child', 310, 820, 46, palette.pink),
    person(scene, 'stand', 350, 828, 72, palette.navy),
    person(scene, 'walk', 1000, 880, 80, '#4a5568', true),
    person(scene, 'child', 1050, 884, 48, palette.lake, true),
  )
  return scene.toString()
}

function playground(x: number, y: number): string {
  return group({}, [
    el('ellipse', {cx: x + 60, cy: y + 10, rx: 150, ry: 34, fill: '#f2b8a0'}),
    rect(x - 10, y - 110, 8, 110, palette.navy),
    rect(x + 60, y - 110, 8, 110, palette.navy),
    rect(x - 20, y - 118, 96, 12, palette.pink, {rx: 4}),
    poly([x + 68, y - 80, x + 160, y, x + 140, y, x + 60, y - 62], palette.windowAmber),
    rect(x - 10, y - 70, 78, 8, palette.lake),
  ])
}

function pergola(x: number, y: number): string {
  const posts: string[] = []
  for (let i = 0; i < 4; i += 1) posts.push(rect(x + i * 60, y - 120, 10, 120, palette.woodDark))
  const slats: string[] = []
  for (let i = 0; i < 9; i += 1) slats.push(rect(x - 20 + i * 26, y - 138, 10, 22, palette.wood))
  return group({}, [
    rect(x - 30, y - 128, 250, 12, palette.woodDark),
    ...posts,
    ...slats,
    rect(x + 30, y - 40, 120, 12, palette.wood),
    rect(x + 40, y - 28, 8, 28, palette.woodDark),
    rect(x + 132, y - 28, 8, 28, palette.woodDark),
  ])
}

/** The model house (견본주택) pavilion on opening day, visitors arriving. */
export function reservation(): string {
  const scene = new Scene(1200, 900)
  const rng = new Rng(33)
  const c = moodColors.golden
  scene.add(
    backdrop(scene, rng, 'golden', 430, {sunX: 300}),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 1200,
      y: 470,
      spread: 20,
      size: [60, 90],
      colors: c.trees,
      kinds: ['round', 'tall'],
      gap: 60,
    }),
    rect(0, 560, 1200, 340, '#e3d6c2'),
    modelHouse(scene, 170, 610),
    ...[130, 250, 930, 1050].map((x, i) => flag(x, 640, i % 2 === 0 ? palette.pink : palette.navy)),
    el('path', {d: 'M0 700H1200V900H0Z', fill: '#d8c8b0'}),
    el('path', {d: 'M530 610L470 900H730L670 610Z', fill: '#efe6d7'}),
  )
  const visitors: Array<[number, number, number, 'walk' | 'stand' | 'child', string, boolean]> = [
    [560, 660, 44, 'walk', palette.navy, false],
    [600, 668, 46, 'walk', '#a04a6a', false],
    [650, 700, 52, 'stand', '#4a5568', false],
    [520, 760, 70, 'walk', '#6b4f3a', false],
    [560, 768, 66, 'walk', palette.lake, false],
    [595, 772, 42, 'child', palette.pink, false],
    [760, 820, 86, 'walk', palette.navy, true],
    [330, 850, 92, 'walk', '#3a4152', false],
    [900, 730, 60, 'stand', '#7a5c8a', true],
  ]
  scene.add(
    ...visitors.map(([x, y, h, pose, color, left]) => person(scene, pose, x, y, h, color, left)),
  )
  scene.add(
    tree(scene, 'round', 80, 900, 250, c.trees[0] ?? palette.park),
    tree(scene, 'tall', 1130, 900, 260, c.trees[1] ?? palette.park),
  )
  return scene.toString()
}

/** The default site card: the complex across the lake in late-afternoon light. */
export function siteDefault(): string {
  const scene = new Scene(1200, 900)
  const rng = new Rng(44)
  const c = moodColors.golden
  scene.add(
    backdrop(scene, rng, 'golden', 420, {sunX: 850}),
    stadium(scene, 1040, 520, 150, 44, false),
  )
  scene.symbol('site-complex', () => [
    complex(scene, 'golden', rng, {
      centerX: 560,
      backY: 560,
      frontY: 640,
      backScale: 1.05,
      frontScale: 1.4,
      lit: 0.05,
      treeColors: c.trees,
      gap: 60,
    }),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 1200,
      y: 646,
      spread: 6,
      size: [40, 70],
      colors: c.trees,
      kinds: ['round', 'tall'],
      gap: 40,
    }),
  ])
  scene.add(instance('#site-complex'), lake(scene, rng, 'golden', 650, '#site-complex'))
  return scene.toString()
}

/** The second site: a riverside complex under a clear sky with a bridge. */
export function siteSecond(): string {
  const scene = new Scene(1200, 900)
  const rng = new Rng(55)
  const c = moodColors.day
  scene.add(backdrop(scene, rng, 'day', 400, {hillHeight: 180}))
  scene.symbol('river-bank', () => [
    complex(scene, 'day', rng, {
      centerX: 600,
      backY: 520,
      frontY: 600,
      backScale: 1.0,
      frontScale: 1.3,
      lit: 0,
      treeColors: c.trees,
      front: [8, 6, 8],
      gap: 80,
    }),
    clubhouse(60, 600, 160, 60),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 1200,
      y: 606,
      spread: 6,
      size: [40, 64],
      colors: c.trees,
      kinds: ['round', 'cone'],
      gap: 38,
    }),
  ])
  scene.add(
    instance('#river-bank'),
    lake(scene, rng, 'day', 610, '#river-bank'),
    bridge(700),
    mound(-100, 500, 900, 60, '#6fb27a'),
  )
  scene.add(
    person(scene, 'walk', 200, 880, 60, palette.navy),
    person(scene, 'walk', 236, 884, 56, palette.pink),
  )
  return scene.toString()
}

function bridge(y: number): string {
  let piers = ''
  for (let x = 80; x < 1200; x += 220) piers += `M${x} ${y + 14}h16v60h-16z`
  return group({}, [
    el('path', {d: piers, fill: palette.grey300}),
    rect(0, y, 1200, 14, '#f3f5f8'),
    rect(0, y + 14, 1200, 4, palette.grey400),
    el('path', {d: `M0 ${n(y - 10)}H1200`, stroke: palette.grey300, 'stroke-width': 3}),
  ])
}

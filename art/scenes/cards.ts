import {complex} from './complex.ts'
import {factory, hospital, officeTowers, school, shop} from './landmarks.ts'
import {mound, tree, treeBelt} from './nature.ts'
import {backdrop, footpath, lake, moodColors} from './outdoor.ts'
import {palette} from './palette.ts'
import {person} from './people.ts'
import {stadium} from './sports.ts'
import {el, group, n, poly, rect, Rng, Scene, instance} from './svg.ts'
import {bus, car, train} from './vehicles.ts'

/** Premium 1, 440세대 랜드마크: the blocks rising over the lake at dusk. */
export function premiumLandmark(): string {
  const scene = new Scene(800, 1000)
  const rng = new Rng(101)
  const c = moodColors.dusk
  scene.add(backdrop(scene, rng, 'dusk', 560, {sunX: 420}))
  scene.symbol('landmark', () => [
    complex(scene, 'dusk', rng, {
      centerX: 400,
      backY: 700,
      frontY: 790,
      backScale: 1.9,
      frontScale: 2.5,
      lit: 0.4,
      treeColors: c.trees,
      front: [5, 4, 5],
      gap: 44,
    }),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 800,
      y: 796,
      spread: 4,
      size: [40, 70],
      colors: c.trees,
      kinds: ['round', 'tall'],
      gap: 30,
    }),
  ])
  scene.add(instance('#landmark'), lake(scene, rng, 'dusk', 800, '#landmark'))
  return scene.toString()
}

/** Premium 2, 스포츠파크 직주근접: the stadium with the office cluster behind. */
export function premiumSports(): string {
  const scene = new Scene(800, 1000)
  const rng = new Rng(102)
  const c = moodColors.day
  scene.add(
    backdrop(scene, rng, 'day', 500),
    officeTowers(rng, 40, 560, 7, 80, '#8fb6d9'),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 800,
      y: 580,
      spread: 20,
      size: [40, 60],
      colors: c.trees,
      gap: 34,
    }),
    stadium(scene, 400, 700, 330, 100, false),
    rect(0, 840, 800, 160, '#c65f4b'),
    el('path', {
      d: 'M0 868H800M0 900H800M0 932H800M0 964H800',
      stroke: '#fff',
      'stroke-width': 3,
      opacity: 0.8,
    }),
    person(scene, 'walk', 180, 890, 90, palette.navy),
    person(scene, 'walk', 420, 930, 96, palette.pink, true),
    person(scene, 'walk', 620, 960, 100, palette.lake),
  )
  return scene.toString()
}

/** Premium 3, 커뮤니티: the glass clubhouse glowing at dusk, residents inside. */
export function premiumCommunity(): string {
  const scene = new Scene(800, 1000)
  const rng = new Rng(103)
  const c = moodColors.dusk
  scene.add(
    backdrop(scene, rng, 'dusk', 500, {sunX: 600}),
    complex(scene, 'dusk', rng, {
      centerX: 400,
      backY: 560,
      frontY: 620,
      backScale: 1.3,
      frontScale: 1.7,
      lit: 0.35,
      treeColors: c.trees,
      front: [5, 5, 5],
      gap: 50,
    }),
    rect(0, 620, 800, 380, '#2a3d3c'),
  )
  const glass = scene.linear('club-glass', [
    {offset: 0, color: '#ffe3a6'},
    {offset: 1, color: '#f0a35e'},
  ])
  const inside: string[] = []
  for (let i = 0; i < 7; i += 1)
    inside.push(rect(100 + i * 90, 660, 4, 200, '#3a3030', {opacity: 0.5}))
  scene.add(
    rect(60, 640, 680, 14, '#e9e3d8'),
    rect(80, 654, 640, 210, glass),
    ...inside,
    rect(80, 750, 640, 6, '#3a3030', {opacity: 0.4}),
    ...[
      [170, 746, 56],
      [240, 746, 52],
      [420, 746, 58],
      [560, 860, 70],
      [620, 860, 64],
    ].map(([x, y, h]) => person(scene, 'stand', x ?? 0, y ?? 0, h ?? 0, '#5a3f3a')),
    rect(60, 864, 680, 12, '#e9e3d8'),
    rect(0, 876, 800, 124, '#324e61'),
    el('path', {
      d: 'M80 900h640v3H80zM140 930h520v3H140zM220 960h360v3H220z',
      fill: palette.windowWarm,
      opacity: 0.5,
    }),
    tree(scene, 'tall', 30, 880, 240, c.trees[1] ?? palette.park),
    tree(scene, 'round', 770, 880, 220, c.trees[0] ?? palette.park),
  )
  return scene.toString()
}

/** Premium 4, 10년 살아보고 결정: a family walking home under a grown tree. */
export function premiumDecide(): string {
  const scene = new Scene(800, 1000)
  const rng = new Rng(104)
  const c = moodColors.golden
  scene.add(
    backdrop(scene, rng, 'golden', 540, {sunX: 520}),
    complex(scene, 'golden', rng, {
      centerX: 440,
      backY: 610,
      frontY: 680,
      backScale: 1.2,
      frontScale: 1.6,
      lit: 0.06,
      treeColors: c.trees,
      front: [5, 5, 5],
      gap: 50,
    }),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 800,
      y: 690,
      spread: 20,
      size: [40, 70],
      colors: c.trees,
      gap: 40,
    }),
    rect(0, 720, 800, 280, '#86ab62'),
    footpath('M520 1000Q480 860 560 780T760 720', palette.sand, 60),
    tree(scene, 'round', 170, 960, 560, '#6f9b4e'),
    person(scene, 'walk', 470, 900, 130, palette.navy),
    person(scene, 'child', 525, 910, 80, palette.pink),
    person(scene, 'walk', 575, 915, 124, '#7a5c8a'),
  )
  return scene.toString()
}

/** Location 1, 교통: expressway, city bus and the rail line on its viaduct. */
export function locationTransport(): string {
  const scene = new Scene(800, 600)
  const rng = new Rng(201)
  const c = moodColors.day
  scene.add(
    backdrop(scene, rng, 'day', 300),
    officeTowers(rng, 20, 330, 9, 40, '#a9c6e2'),
    rect(0, 330, 800, 16, palette.grey300),
    el('path', {
      d: 'M40 346v50h16v-50zM240 346v50h16v-50zM440 346v50h16v-50zM640 346v50h16v-50z',
      fill: palette.grey400,
    }),
    train(60, 330, 1, 6, '#f4f6f9', palette.lake),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 800,
      y: 410,
      spread: 10,
      size: [36, 50],
      colors: c.trees,
      gap: 30,
    }),
    poly([0, 430, 800, 430, 800, 600, 0, 600], '#59606f'),
    el('path', {
      d: 'M0 478H800M0 540H800',
      stroke: '#fff',
      'stroke-width': 4,
      'stroke-dasharray': '40 30',
      opacity: 0.85,
    }),
    rect(0, 430, 800, 6, '#c9ced8'),
    bus(80, 470, 1.3, palette.lake),
    car(360, 470, 1.2, palette.pink),
    car(560, 530, 1.3, '#f4f6f9'),
    car(240, 590, 1.4, palette.navy),
    car(640, 470, 1.1, palette.park),
  )
  return scene.toString()
}

/** Location 2, 교육: the school next door and children on their way. */
export function locationEducation(): string {
  const scene = new Scene(800, 600)
  const rng = new Rng(202)
  const c = moodColors.day
  scene.add(
    backdrop(scene, rng, 'day', 280),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 800,
      y: 300,
      spread: 10,
      size: [40, 60],
      colors: c.trees,
      gap: 36,
    }),
    school(240, 430, 1.1),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 180,
      y: 440,
      spread: 10,
      size: [90, 130],
      colors: c.trees,
      kinds: ['round', 'cone'],
      gap: 50,
    }),
    rect(0, 440, 800, 160, '#c9e3b2'),
    footpath('M0 540Q400 500 800 560', palette.sand, 44),
    person(scene, 'child', 300, 540, 60, palette.pink),
    person(scene, 'child', 340, 536, 58, palette.lake),
    person(scene, 'child', 380, 534, 62, palette.windowAmber),
    person(scene, 'walk', 470, 540, 96, palette.navy),
    treeBelt(scene, rng, {x0: 680, x1: 800, y: 590, size: [200, 240], colors: c.trees, gap: 200}),
  )
  return scene.toString()
}

/** Location 3, 자연/호수: the lakeside boardwalk in golden light. */
export function locationLake(): string {
  const scene = new Scene(800, 600)
  const rng = new Rng(203)
  const c = moodColors.golden
  scene.add(backdrop(scene, rng, 'golden', 300, {sunX: 500, hillHeight: 110}))
  scene.symbol('lake-shore', () => [
    treeBelt(scene, rng, {
      x0: 0,
      x1: 800,
      y: 340,
      spread: 12,
      size: [50, 90],
      colors: c.trees,
      kinds: ['round', 'tall', 'cone'],
      gap: 30,
    }),
  ])
  scene.add(
    instance('#lake-shore'),
    lake(scene, rng, 'golden', 350, '#lake-shore'),
    poly([0, 500, 520, 430, 560, 442, 40, 530], palette.woodLight),
    el('path', {d: 'M0 520L540 436', stroke: palette.woodDark, 'stroke-width': 3}),
    poly([0, 530, 40, 530, 40, 600, 0, 600], palette.woodDark),
    person(scene, 'walk', 200, 480, 66, palette.navy),
    person(scene, 'walk', 232, 476, 62, palette.pink),
    person(scene, 'stand', 430, 450, 50, '#4a5568'),
    mound(500, 1000, 600, 60, '#6f9a5e'),
    tree(scene, 'round', 720, 600, 260, c.trees[0] ?? palette.park),
  )
  return scene.toString()
}

/** Location 4, 스포츠파크: the stadium and running track next to the complex. */
export function locationSportsPark(): string {
  const scene = new Scene(800, 600)
  const rng = new Rng(204)
  const c = moodColors.day
  scene.add(
    backdrop(scene, rng, 'day', 260),
    complex(scene, 'day', rng, {
      centerX: 140,
      backY: 300,
      frontY: 330,
      backScale: 0.8,
      frontScale: 1.0,
      lit: 0,
      treeColors: c.trees,
      front: [6, 6],
      gap: 30,
    }),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 800,
      y: 340,
      spread: 10,
      size: [34, 50],
      colors: c.trees,
      gap: 30,
    }),
    stadium(scene, 520, 400, 240, 70, false),
    el('ellipse', {cx: 360, cy: 560, rx: 460, ry: 90, fill: '#c65f4b'}),
    el('ellipse', {cx: 360, cy: 566, rx: 400, ry: 58, fill: palette.park}),
    el('ellipse', {
      cx: 360,
      cy: 563,
      rx: 430,
      ry: 74,
      fill: 'none',
      stroke: '#fff',
      'stroke-width': 2,
      opacity: 0.8,
    }),
    person(scene, 'walk', 120, 560, 70, palette.navy),
    person(scene, 'walk', 640, 590, 76, palette.pink, true),
  )
  return scene.toString()
}

/** Location 5, 생활편의: mart, shops and hospital along the main street. */
export function locationAmenities(): string {
  const scene = new Scene(800, 600)
  const rng = new Rng(205)
  const c = moodColors.day
  scene.add(
    backdrop(scene, rng, 'day', 280),
    hospital(560, 430, 0.9),
    shop(40, 430, 300, 150, '#f4f1ea', palette.pink),
    shop(360, 430, 160, 110, '#eef2f6', palette.lake),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 800,
      y: 446,
      spread: 4,
      size: [50, 64],
      colors: c.trees,
      gap: 120,
    }),
    rect(0, 440, 800, 160, '#d9dde4'),
    el('path', {
      d:
        'M60 470h60v80H60zM140 470h60v80h-60zM220 ' +
        '470h60v80h-60zM300 470h60v80h-60zM380 470h60v80h-60z',
      fill: 'none',
      stroke: '#fff',
      'stroke-width': 3,
    }),
    car(64, 530, 0.85, palette.pink),
    car(224, 530, 0.85, palette.navy),
    car(384, 530, 0.85, '#f4f6f9'),
    person(scene, 'walk', 560, 560, 80, palette.navy),
    person(scene, 'child', 600, 564, 50, palette.windowAmber),
    person(scene, 'walk', 700, 580, 86, palette.lake, true),
  )
  return scene.toString()
}

/** Location 6, 직주근접: the industrial complex and offices a short ride from home. */
export function locationWorkplace(): string {
  const scene = new Scene(800, 600)
  const rng = new Rng(206)
  const c = moodColors.golden
  scene.add(
    backdrop(scene, rng, 'golden', 300, {sunX: 200}),
    officeTowers(rng, 430, 360, 5, 64, '#9fb6cc'),
    factory(30, 380, 80, '#eef0f3', '#b7c0cc'),
    treeBelt(scene, rng, {
      x0: 0,
      x1: 800,
      y: 392,
      spread: 10,
      size: [36, 54],
      colors: c.trees,
      gap: 32,
    }),
    rect(0, 410, 800, 190, '#8aab68'),
    poly([0, 470, 800, 430, 800, 500, 0, 560], '#6a707d'),
    el('path', {
      d: 'M0 517L800 467',
      stroke: '#fff',
      'stroke-width': 3,
      'stroke-dasharray': '30 24',
    }),
    rect(0, 560, 800, 40, palette.sand),
    el('path', {d: 'M0 580H800', stroke: palette.park, 'stroke-width': 6}),
    car(180, 520, 1, palette.navy),
    bus(480, 482, 1, palette.pink),
    cyclist(320, 590, 1),
  )
  return scene.toString()
}

function cyclist(x: number, y: number, scale: number): string {
  return group({transform: `translate(${n(x)} ${n(y)}) scale(${n(scale, 3)})`}, [
    el('circle', {cx: -26, cy: -14, r: 14, fill: 'none', stroke: palette.navy, 'stroke-width': 3}),
    el('circle', {cx: 26, cy: -14, r: 14, fill: 'none', stroke: palette.navy, 'stroke-width': 3}),
    el('path', {
      d: 'M-26 -14L-6 -40H18L26 -14M-6 -40L2 -14L18 -40',
      stroke: palette.pink,
      'stroke-width': 3,
      fill: 'none',
    }),
    el('path', {d: 'M-4 -44l8-30 14 4-8 22 12 18-6 4-14-16z', fill: palette.navy}),
    el('circle', {cx: 8, cy: -84, r: 8, fill: palette.navy}),
  ])
}

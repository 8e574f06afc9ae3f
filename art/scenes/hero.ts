import {complex} from './complex.ts'
import {reflection, treeBelt, water} from './nature.ts'
import {palette} from './palette.ts'
import {hills, sky, skyline} from './sky.ts'
import {person} from './people.ts'
import {stadium} from './sports.ts'
import {el, n, rect, Rng, Scene} from './svg.ts'

const duskTrees = ['#2f5c4a', '#3a6b52', '#27503f', '#46775a'] as const

/**
 * Main-visual: the complex at dusk across the lake, the sports-park stadium lit on the right.
 * The towers are centred so a 390x844 portrait crop still shows them with their reflection.
 */
export function hero(): string {
  const scene = new Scene(1920, 1080)
  const rng = new Rng(440)
  const horizon = 540
  const waterline = 800
  scene.add(
    sky(scene, 'dusk', horizon, rng, 1100),
    hills(scene, rng, horizon, 130, '#5a4d84', 0.55),
    skyline(rng, 0, 1920, horizon + 4, 46, '#4a4578'),
    hills(scene, rng, horizon + 10, 60, '#3b3a69'),
    rect(
      0,
      horizon,
      1920,
      waterline - horizon,
      scene.linear('ground-dusk', [
        {offset: 0, color: '#34445a'},
        {offset: 1, color: '#243d3a'},
      ]),
    ),
    // Park lawns and paths between the complex and the stadium.
    el('path', {d: 'M0 640Q420 600 760 650L700 800H0Z', fill: '#2c4a43'}),
    el('path', {d: 'M1250 660Q1600 610 1920 640V800H1180Z', fill: '#2c4a43'}),
    el('path', {
      d: 'M120 790Q380 690 720 700',
      stroke: '#c9a98a',
      'stroke-width': 5,
      fill: 'none',
      opacity: 0.5,
    }),
    stadium(scene, 1600, 650, 200, 60, true),
    treeBelt(scene, rng, {
      x0: 10,
      x1: 600,
      y: 690,
      spread: 90,
      size: [34, 60],
      colors: duskTrees,
      kinds: ['round', 'cone', 'tall'],
    }),
    treeBelt(scene, rng, {
      x0: 1380,
      x1: 1910,
      y: 730,
      spread: 60,
      size: [34, 56],
      colors: duskTrees,
      kinds: ['round', 'tall'],
    }),
  )
  scene.symbol('complex', () => [
    complex(scene, 'dusk', rng, {
      centerX: 960,
      backY: 688,
      frontY: 792,
      backScale: 1.3,
      frontScale: 1.8,
      lit: 0.38,
      treeColors: duskTrees,
      front: [6, 5, 7, 5, 6],
      gap: 105,
    }),
    treeBelt(scene, rng, {
      x0: 520,
      x1: 1400,
      y: 796,
      spread: 6,
      size: [34, 52],
      colors: duskTrees,
      kinds: ['round', 'round', 'tall'],
      gap: 26,
    }),
  ])
  scene.add(
    el('use', {href: '#complex'}),
    // Promenade with its lamps along the shore.
    rect(0, waterline - 6, 1920, 8, '#a8917d'),
    el('path', {d: lamps(), fill: palette.windowWarm}),
    ...lampGlows(scene),
    ...[
      [300, 0],
      [338, 1],
      [1390, 0],
      [1560, 1],
      [1596, 0],
    ].map(([x = 0, i]) =>
      person(scene, i === 1 ? 'walk' : 'stand', x, waterline - 4, 34, '#1c2540', x > 960),
    ),
    water(scene, 'lake-dusk', 0, waterline, 1920, 1080 - waterline, '#b77487', '#1a2850'),
  )
  scene.add(
    reflection(
      scene,
      rng,
      '#complex',
      {x: 0, y: waterline + 2, width: 1920, height: 1080 - waterline, waterline: waterline + 2},
      {opacity: 0.5},
    ),
    el('path', {d: 'M0 802H1920v3H0z', fill: '#f7c98f', opacity: 0.5}),
    // Long glints of the sunset on the water.
    el('path', {d: glints(rng), fill: '#ffd9a0', opacity: 0.35}),
  )
  return scene.toString()
}

/** Pools of lamplight on the promenade and their long streaks on the water. */
function lampGlows(scene: Scene): string[] {
  const glow = scene.radial('lamp-glow', [
    {offset: 0, color: '#ffd99a', opacity: 0.75},
    {offset: 1, color: '#ffd99a', opacity: 0},
  ])
  const streak = scene.linear('lamp-streak', [
    {offset: 0, color: '#ffd99a', opacity: 0.45},
    {offset: 1, color: '#ffd99a', opacity: 0},
  ])
  const parts: string[] = []
  for (let x = 30; x < 1920; x += 90) {
    parts.push(
      el('ellipse', {cx: x + 1.5, cy: 786, rx: 22, ry: 14, fill: glow}),
      rect(x - 1, 806, 5, 70, streak),
    )
  }
  return parts
}

function lamps(): string {
  let d = ''
  for (let x = 30; x < 1920; x += 90) d += `M${x} ${n(795)}h3v-10h-3z`
  return d
}

function glints(rng: Rng): string {
  let d = ''
  for (let i = 0; i < 26; i += 1) {
    const y = 815 + Math.pow(rng.next(), 1.6) * 240
    const w = rng.range(40, 160)
    const x = 1100 + rng.range(-260, 260) - w / 2
    d += `M${n(x)} ${n(y)}h${n(w)}v2.4h${n(-w)}z`
  }
  return d
}

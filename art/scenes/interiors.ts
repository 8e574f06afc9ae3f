import {chair, pendant, plant, rug, shade, sofa, table} from './furniture.ts'
import {palette} from './palette.ts'
import {person} from './people.ts'
import {Room, windowView} from './room.ts'
import type {Mood} from './sky.ts'
import {el, n, rect, Rng, Scene} from './svg.ts'

interface LivingSpec {
  seed: number
  mood: Mood
  walls: {back: string; side: string; ceiling: string}
  floor: string
  floorLine: string
  sofa: [string, string, string]
  cushion: string
  rugColor: string
  cabinet: string
  islandTop: string
  dining: boolean
}

/** Living room and kitchen perspective shared by the unit-type interiors. */
function livingRoom(spec: LivingSpec): string {
  const scene = new Scene(1600, 1000)
  const rng = new Rng(spec.seed)
  const room = new Room(
    scene,
    {x0: 380, y0: 200, x1: 1220, y1: 690},
    {
      backWall: spec.walls.back,
      sideWall: spec.walls.side,
      floor: spec.floor,
      floorLine: spec.floorLine,
      ceiling: spec.walls.ceiling,
    },
  )
  const win = room.backRect(0.04, 0.06, 0.96, 1)
  scene.add(
    room.shell(18),
    windowView(scene, rng, spec.mood, win, 4),
    room.downlights(4),
    // Kitchen run along the left wall: base units, worktop, upper cabinets and hood.
    room.wallQuad(-1, 0.05, 0.85, 0, 0.34, spec.cabinet),
    room.wallQuad(-1, 0.05, 0.85, 0.34, 0.37, spec.islandTop),
    room.wallQuad(-1, 0.05, 0.85, 0.37, 0.58, '#f4efe6'),
    room.wallQuad(-1, 0.05, 0.85, 0.58, 0.86, spec.cabinet),
    room.wallQuad(-1, 0.4, 0.55, 0.58, 0.86, '#c9ccd4'),
    // TV wall on the right with a stone slab and a wide screen.
    room.wallQuad(1, 0.3, 0.8, 0, 0.86, '#e6e1d8'),
    room.wallQuad(1, 0.4, 0.72, 0.32, 0.6, '#151b28'),
    room.wallQuad(1, 0.3, 0.8, 0, 0.1, '#cfc8bb'),
    rug(room, 0.28, 0.76, 0.42, 0.86, spec.rugColor),
    sofa(room, 0.3, 0.74, 0.7, 0.86, shade(spec.sofa[0], spec.sofa[1], spec.sofa[2]), spec.cushion),
    table(
      room,
      0.4,
      0.64,
      0.5,
      0.6,
      34,
      shade(palette.woodLight, palette.wood, palette.woodDark),
      palette.woodDark,
    ),
    plant(room, 0.9, 0.8, 140),
  )
  if (spec.dining) {
    scene.add(
      chair(room, 0.55, 0.3, shade('#d8d2c6', '#bfb7a8', '#a59c8b'), true),
      chair(room, 0.7, 0.3, shade('#d8d2c6', '#bfb7a8', '#a59c8b'), true),
      table(
        room,
        0.48,
        0.78,
        0.12,
        0.3,
        74,
        shade('#f4f1ea', '#d9d3c7', '#bfb7a8'),
        palette.grey700,
      ),
      chair(room, 0.55, 0.06, shade('#d8d2c6', '#bfb7a8', '#a59c8b'), false),
      chair(room, 0.7, 0.06, shade('#d8d2c6', '#bfb7a8', '#a59c8b'), false),
      pendant(room, 0.63, 0.2, 150, palette.grey700),
    )
  }
  scene.add(
    room.box(0.02, 0.3, 0.02, 0.2, 92, shade(spec.islandTop, spec.cabinet, '#8e8a84')),
    pendant(room, 0.1, 0.12, 120, '#d9b16f'),
    pendant(room, 0.22, 0.12, 120, '#d9b16f'),
  )
  return scene.toString()
}

export const interior84a = (): string =>
  livingRoom({
    seed: 301,
    mood: 'day',
    walls: {back: '#f4f1ec', side: '#ece7df', ceiling: '#fbfaf7'},
    floor: '#d8bf9f',
    floorLine: '#bfa27f',
    sofa: ['#e9e4da', '#d7d0c3', '#c3baa9'],
    cushion: palette.lake,
    rugColor: '#e3dccf',
    cabinet: '#f2f0eb',
    islandTop: '#d9dde4',
    dining: false,
  })

export const interior119a = (): string =>
  livingRoom({
    seed: 302,
    mood: 'golden',
    walls: {back: '#efe9e1', side: '#e4ddd2', ceiling: '#f8f6f2'},
    floor: '#b58f6a',
    floorLine: '#98724f',
    sofa: ['#7d8aa3', '#65728c', '#525d74'],
    cushion: palette.sand,
    rugColor: '#d8cbb6',
    cabinet: '#5d5a57',
    islandTop: '#e8e4dc',
    dining: true,
  })

export const interior119b = (): string =>
  livingRoom({
    seed: 303,
    mood: 'dusk',
    walls: {back: '#e9e3da', side: '#ddd5c9', ceiling: '#f3f0ea'},
    floor: '#9c7a5c',
    floorLine: '#7f5f44',
    sofa: ['#c9b79c', '#b29f83', '#9a886d'],
    cushion: palette.pink,
    rugColor: '#3e4a66',
    cabinet: '#2f3a4f',
    islandTop: '#d8d2c6',
    dining: true,
  })

function communityRoom(
  seed: number,
  mood: Mood,
  colors: {back: string; side: string; floor: string; floorLine: string; ceiling: string},
): {scene: Scene; room: Room; rng: Rng} {
  const scene = new Scene(1200, 800)
  const rng = new Rng(seed)
  const room = new Room(
    scene,
    {x0: 260, y0: 150, x1: 940, y1: 560},
    {
      backWall: colors.back,
      sideWall: colors.side,
      floor: colors.floor,
      floorLine: colors.floorLine,
      ceiling: colors.ceiling,
    },
  )
  scene.add(room.shell(16))
  if (mood !== 'night')
    scene.add(windowView(scene, rng, mood, room.backRect(0.03, 0.08, 0.97, 0.92), 5))
  scene.add(room.downlights(5))
  return {scene, room, rng}
}

/** 피트니스센터: treadmills facing the lake window, a mirror wall and weights. */
export function communityFitness(): string {
  const {scene, room} = communityRoom(401, 'day', {
    back: '#eef0f3',
    side: '#dfe3e9',
    floor: '#3d4352',
    floorLine: '#2c313d',
    ceiling: '#f7f8fa',
  })
  const machine = shade('#9aa3b2', '#6b7385', '#4f5666')
  scene.add(
    room.wallQuad(-1, 0.15, 0.9, 0.05, 0.8, '#cfe3f2'),
    room.wallQuad(-1, 0.15, 0.9, 0.05, 0.8, '#fff', {opacity: 0.25}),
    room.wallQuad(1, 0.2, 0.85, 0, 0.08, '#2a2f3a'),
  )
  for (const [i, u] of [0.2, 0.38, 0.56, 0.74].entries()) {
    const t = 0.62
    const [x, y] = room.floor(u + 0.06, t + 0.1)
    const s = room.scaleAt(t + 0.1)
    scene.add(
      room.box(u, u + 0.12, t, t + 0.2, 18, machine),
      rect(x - 30 * s, y - 130 * s, 60 * s, 14 * s, '#2a2f3a', {rx: 3 * s}),
      rect(x - 24 * s, y - 118 * s, 4 * s, 100 * s, '#6b7385'),
      rect(x + 20 * s, y - 118 * s, 4 * s, 100 * s, '#6b7385'),
    )
    if (i !== 2) {
      const [px, py] = room.floor(u + 0.06, t + 0.05)
      scene.add(
        person(
          scene,
          'walk',
          px,
          py - 18 * room.scaleAt(t),
          150 * room.scaleAt(t),
          i % 2 === 0 ? palette.pink : palette.navy,
        ),
      )
    }
  }
  // Dumbbell rack in the foreground.
  scene.add(room.box(0.72, 0.98, 0.05, 0.2, 70, shade('#4f5666', '#3a4152', '#2a2f3a')))
  for (let i = 0; i < 6; i += 1) {
    const [x, y] = room.floor(0.74 + i * 0.04, 0.05)
    scene.add(
      rect(x - 4, y - 86, 30, 12, palette.grey500, {rx: 4}),
      el('circle', {cx: x - 4, cy: y - 80, r: 10, fill: '#222a38'}),
      el('circle', {cx: x + 26, cy: y - 80, r: 10, fill: '#222a38'}),
    )
  }
  scene.add(plant(room, 0.05, 0.3, 150))
  return scene.toString()
}

/** 독서실: study carrels with warm desk lamps and bookshelf walls. */
export function communityReading(): string {
  const {scene, room} = communityRoom(402, 'day', {
    back: '#f3ece2',
    side: '#e8dfd1',
    floor: '#c9a984',
    floorLine: '#b08d66',
    ceiling: '#faf7f2',
  })
  const books = [
    palette.navy,
    palette.lake,
    palette.pink,
    palette.park,
    palette.sandDark,
    '#7a5c8a',
  ] as const
  scene.add(
    room.wallQuad(-1, 0.1, 0.9, 0, 0.85, palette.woodDark),
    room.wallQuad(1, 0.1, 0.9, 0, 0.85, palette.woodDark),
  )
  // Shelves on the side walls as rows of spines in perspective.
  for (let row = 0; row < 5; row += 1) {
    for (let i = 0; i < 16; i += 1) {
      const t0 = 0.12 + i * 0.048
      const h0 = 0.04 + row * 0.16
      const color = books[(row * 5 + i * 3) % books.length] ?? palette.navy
      scene.add(
        room.wallQuad(-1, t0, t0 + 0.04, h0, h0 + 0.12, color),
        room.wallQuad(1, t0, t0 + 0.04, h0, h0 + 0.12, color),
      )
    }
  }
  const desk = shade('#e9dcc4', '#cdb994', '#b09c78')
  for (const t of [0.55, 0.3, 0.05]) {
    for (const u of [0.2, 0.52]) {
      scene.add(
        room.box(u, u + 0.26, t + 0.1, t + 0.13, 120, shade('#f4efe6', '#e2dacb', '#cfc5b3')),
        el(
          'g',
          {transform: `translate(0 ${Math.round(-60 * room.scaleAt(t))})`},
          room.box(u, u + 0.26, t, t + 0.1, 10, desk),
        ),
      )
      const [x, y] = room.floor(u + 0.2, t + 0.08)
      const s = room.scaleAt(t)
      scene.add(
        el('ellipse', {
          cx: x,
          cy: y - 70 * s,
          rx: 50 * s,
          ry: 14 * s,
          fill: '#fff1c2',
          opacity: 0.7,
        }),
        rect(x - 2 * s, y - 110 * s, 4 * s, 40 * s, palette.grey700),
        el('path', {
          d:
            `M${Math.round(x - 16 * s)} ${Math.round(y - 100 * s)}l${Math.round(14 * s)}` +
            ` ${Math.round(-16 * s)}l${Math.round(18 * s)} ${Math.round(16 * s)}z`,
          fill: palette.grey700,
        }),
      )
      if (t !== 0.05)
        scene.add(chair(room, u + 0.1, t - 0.06, shade('#5d6b87', '#4a5670', '#3a4458'), false))
    }
  }
  return scene.toString()
}

/** 카페: the residents' cafe with counter, pendant lights and lake-side tables. */
export function communityCafe(): string {
  const {scene, room} = communityRoom(403, 'golden', {
    back: '#f2ebe1',
    side: '#e7dccd',
    floor: '#b58f6a',
    floorLine: '#98724f',
    ceiling: '#f8f4ee',
  })
  const counter = shade('#e9e4da', palette.woodDark, '#6f5238')
  scene.add(room.wallQuad(-1, 0.2, 0.95, 0.45, 0.82, palette.woodDark), backBar(room))
  const [bx, by] = room.floor(0.27, 0.5)
  scene.add(
    room.box(0.02, 0.2, 0.15, 0.75, 95, counter),
    person(scene, 'stand', bx, by, 190 * room.scaleAt(0.5), '#5a3f3a', true),
  )
  for (const [u, t] of [
    [0.45, 0.6],
    [0.72, 0.6],
    [0.5, 0.25],
    [0.78, 0.22],
  ] as const) {
    scene.add(
      chair(room, u - 0.06, t + 0.04, shade('#d9b16f', '#c09a5a', '#a8864c'), true),
      chair(room, u + 0.06, t + 0.04, shade('#d9b16f', '#c09a5a', '#a8864c'), true),
      table(
        room,
        u - 0.05,
        u + 0.05,
        t,
        t + 0.07,
        72,
        shade('#f4f1ea', '#d9d3c7', '#bfb7a8'),
        palette.grey700,
      ),
    )
  }
  for (const u of [0.08, 0.14, 0.2]) scene.add(pendant(room, u, 0.45, 110, palette.windowAmber))
  for (const u of [0.45, 0.72]) scene.add(pendant(room, u, 0.25, 160, palette.grey700))
  scene.add(plant(room, 0.95, 0.1, 170))
  return scene.toString()
}

function backBar(room: Room): string {
  // Menu-free back bar: shelves of cups and jars instead of lettering.
  const parts: string[] = []
  for (let i = 0; i < 12; i += 1) {
    const t0 = 0.24 + i * 0.058
    parts.push(
      room.wallQuad(-1, t0, t0 + 0.03, 0.56, 0.62, i % 3 === 0 ? palette.sand : '#f7f4ee'),
      room.wallQuad(-1, t0, t0 + 0.03, 0.68, 0.74, i % 4 === 0 ? palette.park : '#f7f4ee'),
    )
  }
  return parts.join('')
}

/** 실내골프연습장: a screen-golf bay with the fairway projected on the back wall. */
export function communityGolf(): string {
  const scene = new Scene(1200, 800)
  const room = new Room(
    scene,
    {x0: 250, y0: 140, x1: 950, y1: 540},
    {
      backWall: '#1e2433',
      sideWall: '#2a3142',
      floor: '#2f7a4c',
      floorLine: '#2a6c43',
      ceiling: '#232a3a',
    },
  )
  const screen = room.backRect(0.04, 0.05, 0.96, 0.95)
  const sky = scene.linear('golf-sky', [
    {offset: 0, color: '#6fb3e8'},
    {offset: 1, color: '#d8eefb'},
  ])
  const fairway = scene.linear('golf-fairway', [
    {offset: 0, color: '#8fcf7a'},
    {offset: 1, color: '#3f9a55'},
  ])
  const horizon = screen.y + screen.height * 0.45
  const cx = screen.x + screen.width / 2
  scene.add(
    room.shell(12),
    rect(screen.x, screen.y, screen.width, screen.height, sky),
    el('path', {
      d:
        `M${n(screen.x)} ${n(horizon)}q${n(screen.width * 0.3)} -60 ${n(screen.width * 0.55)}` +
        ` -20t${n(screen.width * 0.45)} 0V${n(horizon + 4)}H${n(screen.x)}z`,
      fill: '#7fae8c',
    }),
    rect(screen.x, horizon, screen.width, screen.y + screen.height - horizon, '#5aa864'),
    el('path', {
      d:
        `M${n(cx - 40)} ${n(horizon)}L${n(cx + 40)} ${n(horizon)}L` +
        `${n(cx + 260)} ${n(screen.y + screen.height)}H${n(cx - 260)}Z`,
      fill: fairway,
    }),
    el('ellipse', {cx: cx + 10, cy: horizon + 12, rx: 60, ry: 10, fill: '#b8e39c'}),
    rect(cx + 14, horizon - 40, 2, 50, '#fff'),
    el('path', {d: `M${n(cx + 16)} ${n(horizon - 40)}h22l-22 10z`, fill: palette.pink}),
    el('path', {
      d:
        `M${n(screen.x + 40)} ${n(horizon - 6)}h60M` +
        `${n(screen.x + screen.width - 140)} ${n(horizon - 4)}h90`,
      stroke: '#4f9d69',
      'stroke-width': 16,
      'stroke-linecap': 'round',
    }),
    rect(screen.x, screen.y, screen.width, screen.height, '#fff', {opacity: 0.06}),
    room.downlights(3),
    room.wallQuad(-1, 0, 1, 0, 1, '#000', {opacity: 0.15}),
    room.wallQuad(1, 0, 1, 0, 1, '#000', {opacity: 0.15}),
    room.box(0.34, 0.66, 0.08, 0.42, 4, shade('#5dbb6c', '#3f8a4c', '#357a42')),
  )
  const [mx, my] = room.floor(0.5, 0.2)
  const s = room.scaleAt(0.2)
  scene.add(
    el('circle', {cx: mx + 40 * s, cy: my - 8 * s, r: 6 * s, fill: '#fff'}),
    person(scene, 'stand', mx - 20 * s, my, 300 * s, palette.navy),
    el('path', {
      d:
        `M${Math.round(mx - 20 * s)} ${Math.round(my - 200 * s)}` +
        `L${Math.round(mx + 34 * s)} ${Math.round(my - 10 * s)}`,
      stroke: '#c9ced8',
      'stroke-width': 4 * s,
    }),
    room.box(0.76, 0.96, 0.04, 0.16, 70, shade('#3a4152', '#2a3142', '#222a38')),
  )
  return scene.toString()
}

// A unit plan (art/plans) raised into 3D: each room's floor, ceiling and walls with
// their doors and windows, its furniture, and the view outside. The panoramas are drawn
// from it, so a room looks the way the floor plan says.
import {furnitureSize} from '../plans/floorplan-furniture.ts'
import type {Furniture, Room, RoomKind, UnitPlan} from '../plans/floorplan-model.ts'
import {thicknessAt} from '../plans/floorplan-model.ts'
import {palette} from '../scenes/palette.ts'
import {
  box,
  centreOf,
  disc,
  mix,
  normalOf,
  shade,
  type Face,
  type Line,
  type Piece,
  type Vec,
} from './geometry.ts'

export const CEILING = 2300
const DOOR_TOP = 2100
const WINDOW_TOP = 2200
const BASEBOARD = 80

interface RoomLook {
  wall: string
  floor: string
  floorLine: string
  /** Plank lines every so many millimetres along x (wood), or a tile grid. */
  pattern: {kind: 'planks' | 'tiles'; step: number}
  accent?: string
}

const WOOD: RoomLook = {
  wall: '#f3efe8',
  floor: '#d9bf9c',
  floorLine: '#c4a57f',
  pattern: {kind: 'planks', step: 190},
}
const LOOKS: Record<RoomKind, RoomLook> = {
  living: {...WOOD, accent: '#e6dfd3'},
  kitchen: {...WOOD, wall: '#f4f1ec'},
  bedroom: {...WOOD, wall: '#efece6', accent: '#d8e0d6'},
  dress: WOOD,
  alpha: {...WOOD, wall: '#eef0f2'},
  hall: WOOD,
  bath: {
    wall: '#e7ebee',
    floor: '#cfd6dc',
    floorLine: '#b9c2ca',
    pattern: {kind: 'tiles', step: 300},
  },
  entry: {
    wall: '#efece6',
    floor: '#c9c4bb',
    floorLine: '#b3ada2',
    pattern: {kind: 'tiles', step: 450},
  },
  balcony: {
    wall: '#eceff2',
    floor: '#d5d9de',
    floorLine: '#c2c8cf',
    pattern: {kind: 'tiles', step: 300},
  },
}

/**
 * What lies in one direction of a room's side: a wall, a door, a window or nothing (open to the
 * next room).
 */
interface SidePart {
  from: number
  to: number
  kind: 'wall' | 'door' | 'window' | 'open'
  sill?: number
}

interface Side {
  /** The wall line: horizontal (north/south, along x) or vertical (east/west, along z). */
  axis: 'h' | 'v'
  at: number
  from: number
  to: number
  /** Which way the room lies from this wall: +1 towards larger z (h) or x (v). */
  inward: 1 | -1
}

function sidesOf(room: Room): Side[] {
  return [
    {axis: 'h', at: room.y, from: room.x, to: room.x + room.w, inward: 1},
    {axis: 'h', at: room.y + room.h, from: room.x, to: room.x + room.w, inward: -1},
    {axis: 'v', at: room.x, from: room.y, to: room.y + room.h, inward: 1},
    {axis: 'v', at: room.x + room.w, from: room.y, to: room.y + room.h, inward: -1},
  ]
}

/** The room beyond a wall line at `along`, if any. */
function roomBeyond(plan: UnitPlan, side: Side, along: number): Room | undefined {
  return plan.rooms.find((room) => {
    if (side.axis === 'h') {
      const edge = side.inward === 1 ? room.y + room.h : room.y
      return edge === side.at && room.x < along && along < room.x + room.w
    }
    const edge = side.inward === 1 ? room.x + room.w : room.x
    return edge === side.at && room.y < along && along < room.y + room.h
  })
}

function partsOf(plan: UnitPlan, room: Room, side: Side): SidePart[] {
  const openings = [
    ...plan.doors.map((o) => ({...o, kind: 'door' as const})),
    ...plan.windows.map((o) => ({...o, kind: 'window' as const})),
    ...plan.gaps.map((o) => ({...o, kind: 'open' as const})),
  ].filter(
    (o) => o.axis === side.axis && o.at === side.at && o.from < side.to && o.from + o.w > side.from,
  )
  const stops = new Set([side.from, side.to, ...openings.flatMap((o) => [o.from, o.from + o.w])])
  for (const other of plan.rooms)
    for (const edge of side.axis === 'h'
      ? [other.x, other.x + other.w]
      : [other.y, other.y + other.h])
      stops.add(edge)
  const sorted = [...stops].filter((v) => v >= side.from && v <= side.to).sort((a, b) => a - b)
  const parts: SidePart[] = []
  for (let i = 0; i + 1 < sorted.length; i += 1) {
    const from = sorted[i]!
    const to = sorted[i + 1]!
    const mid = (from + to) / 2
    const opening = openings.find((o) => o.from < mid && mid < o.from + o.w)
    let part: SidePart
    if (opening) {
      const beyond = roomBeyond(plan, side, mid)
      const sill =
        opening.kind !== 'window'
          ? 0
          : room.kind === 'bath'
            ? 1200
            : beyond?.kind === 'balcony' || room.kind === 'balcony'
              ? beyond
                ? 60
                : 450
              : 900
      part = {from, to, kind: opening.kind, sill}
    } else {
      part = {from, to, kind: thicknessAt(plan, side.axis, side.at, mid) > 0 ? 'wall' : 'open'}
    }
    const last = parts.at(-1)
    if (
      last &&
      last.kind === part.kind &&
      last.sill === part.sill &&
      last.to === part.from &&
      part.kind !== 'door' &&
      part.kind !== 'window'
    )
      last.to = part.to
    else parts.push(part)
  }
  return parts
}

/** A rectangle in a wall's plane, turned to face into the room. */
function wallRect(
  side: Side,
  from: number,
  to: number,
  bottom: number,
  top: number,
  fill: string,
  offset = 0,
): Face {
  const at = side.at + side.inward * offset
  const corners: Vec[] =
    side.axis === 'h'
      ? [
          [from, bottom, at],
          [to, bottom, at],
          [to, top, at],
          [from, top, at],
        ]
      : [
          [at, bottom, from],
          [at, bottom, to],
          [at, top, to],
          [at, top, from],
        ]
  // Corner order that turns the face towards the room.
  const facing = normalOf(corners)
  const component = side.axis === 'h' ? facing[2] : facing[0]
  const points = Math.sign(component) === side.inward ? corners : [...corners].reverse()
  return {points, fill: shade(fill, normalOf(points))}
}

function wallLine(side: Side, along: number, y: number): Vec {
  return side.axis === 'h' ? [along, y, side.at] : [side.at, y, along]
}

/**
 * The shell of a room: floor with its planks or tiles, ceiling with lights, walls with doors and
 * windows.
 */
/**
 * The furniture a room is arranged around: the bed or the sofa, whose back wall gets the accent
 * colour and a picture.
 */
function featurePiece(plan: UnitPlan, room: Room): Furniture | undefined {
  return (
    plan.furniture.find(
      (item) => (item.kind === 'bedDouble' || item.kind === 'sofa') && inside(room, item),
    ) ?? plan.furniture.find((item) => item.kind === 'bedSingle' && inside(room, item))
  )
}

/** The wall a piece of furniture stands with its back to. */
function backWall(room: Room, item: Furniture): Side | undefined {
  const rot = item.rot ?? 0
  return sidesOf(room).find((side) =>
    rot === 0
      ? side.axis === 'h' && side.inward === 1
      : rot === 90
        ? side.axis === 'v' && side.inward === -1
        : rot === 180
          ? side.axis === 'h' && side.inward === -1
          : side.axis === 'v' && side.inward === 1,
  )
}

const sameSide = (a: Side | undefined, b: Side) =>
  a !== undefined && a.axis === b.axis && a.at === b.at && a.inward === b.inward

function shell(plan: UnitPlan, room: Room): Piece[] {
  const look = LOOKS[room.kind]
  const feature = featurePiece(plan, room)
  const accentSide = feature && look.accent ? backWall(room, feature) : undefined
  const {x, y: z, w, h} = room
  const floor: Face = {
    points: [
      [x, 0, z],
      [x, 0, z + h],
      [x + w, 0, z + h],
      [x + w, 0, z],
    ],
    fill: look.floor,
  }
  const ceiling: Face = {
    points: [
      [x, CEILING, z],
      [x + w, CEILING, z],
      [x + w, CEILING, z + h],
      [x, CEILING, z + h],
    ],
    fill: room.kind === 'balcony' ? '#e8ebee' : '#fbfaf7',
  }
  const floorLines: Line[] = []
  const stroke = {stroke: look.floorLine, width: 1.2, opacity: 0.8}
  if (look.pattern.kind === 'planks') {
    for (let at = z + look.pattern.step; at < z + h; at += look.pattern.step)
      floorLines.push({from: [x, 1, at], to: [x + w, 1, at], ...stroke})
  } else {
    for (let at = x + look.pattern.step; at < x + w; at += look.pattern.step)
      floorLines.push({from: [at, 1, z], to: [at, 1, z + h], ...stroke})
    for (let at = z + look.pattern.step; at < z + h; at += look.pattern.step)
      floorLines.push({from: [x, 1, at], to: [x + w, 1, at], ...stroke})
  }
  const lights: Face[] = []
  if (room.kind !== 'balcony') {
    const across = Math.max(1, Math.round(w / 1600))
    const deep = Math.max(1, Math.round(h / 1600))
    for (let i = 0; i < across; i += 1) {
      for (let j = 0; j < deep; j += 1)
        lights.push(
          disc(
            [x + ((i + 0.5) * w) / across, CEILING - 2, z + ((j + 0.5) * h) / deep],
            85,
            '#fff6dc',
            'down',
          ),
        )
    }
  }
  const pieces: Piece[] = [
    {faces: [floor], lines: floorLines, centre: centreOf(floor.points)},
    {faces: [ceiling, ...lights], centre: centreOf(ceiling.points)},
  ]
  for (const side of sidesOf(room)) {
    const faces: Face[] = []
    const lines: Line[] = []
    for (const part of partsOf(plan, room, side)) {
      if (part.kind === 'open') continue
      if (part.kind === 'wall') {
        faces.push(
          wallRect(
            side,
            part.from,
            part.to,
            0,
            CEILING,
            sameSide(accentSide, side) ? (look.accent ?? look.wall) : look.wall,
          ),
        )
        if (room.kind !== 'bath')
          faces.push(wallRect(side, part.from, part.to, 0, BASEBOARD, '#ddd6ca', 1))
        if (room.kind === 'bath')
          for (let y = 300; y < CEILING; y += 300)
            lines.push({
              from: wallLine(side, part.from, y),
              to: wallLine(side, part.to, y),
              stroke: '#cdd4da',
              width: 1,
            })
        continue
      }
      const top = part.kind === 'door' ? DOOR_TOP : WINDOW_TOP
      faces.push(wallRect(side, part.from, part.to, top, CEILING, look.wall))
      if (part.sill) faces.push(wallRect(side, part.from, part.to, 0, part.sill, look.wall))
      const trim = part.kind === 'door' ? '#e9e2d6' : '#f7f7f5'
      const frame = 55
      faces.push(wallRect(side, part.from - frame, part.from, 0, top + frame, trim, 2))
      faces.push(wallRect(side, part.to, part.to + frame, 0, top + frame, trim, 2))
      faces.push(wallRect(side, part.from, part.to, top, top + frame, trim, 2))
      if (part.kind === 'window') {
        const sill = part.sill ?? 0
        faces.push(wallRect(side, part.from, part.to, sill - 30, sill + 20, trim, 2))
        // Sashes: two panes with a frame between, and a faint glass tint.
        const middle = (part.from + part.to) / 2
        faces.push({
          ...wallRect(side, middle - 25, middle + 25, sill, top, trim, 1),
          twoSided: true,
        })
        faces.push({
          ...wallRect(side, part.from, part.to, sill, top, '#dff0fb', 0),
          opacity: 0.18,
          twoSided: true,
        })
      }
    }
    if (faces.length > 0)
      pieces.push({faces, lines, centre: wallLine(side, (side.from + side.to) / 2, CEILING / 2)})
  }
  return pieces
}

const FABRIC = {living: '#e6e0d4', bedroom: '#d6dde6'}

/** One piece of furniture from the plan, as boxes standing where the plan draws it. */
function furniturePieces(item: Furniture, room: Room | undefined): Piece[] {
  const [defaultW, defaultD] = furnitureSize[item.kind]
  const w = item.w ?? defaultW
  const d = item.h ?? defaultD
  const pivot: Vec = [item.cx, 0, item.cy]
  const l = item.cx - w / 2
  const r = item.cx + w / 2
  const back = item.cy - d / 2
  const front = item.cy + d / 2
  const turn = {pivot, degrees: item.rot ?? 0}
  const part = (
    x0: number,
    x1: number,
    z0: number,
    z1: number,
    y0: number,
    y1: number,
    color: string,
  ) => box([x0, y0, z0], [x1, y1, z1], color, turn)
  const wood = palette.woodLight
  const white = '#f4f2ee'
  switch (item.kind) {
    case 'bedDouble':
    case 'bedSingle': {
      const linen = room?.id === 'bed1' ? '#c9d5e2' : '#e4d9c6'
      const pillows =
        item.kind === 'bedDouble'
          ? [
              [l + 120, item.cx - 60],
              [item.cx + 60, r - 120],
            ]
          : [[l + 150, r - 150]]
      return [
        part(l, r, back, front, 0, 330, wood),
        part(l + 30, r - 30, back + 100, front - 30, 330, 560, '#f7f5f0'),
        part(l + 10, r - 10, back + 700, front - 10, 560, 620, linen),
        part(l, r, back, back + 90, 0, 1050, '#b9a58c'),
        ...pillows.map(([x0, x1]) => part(x0!, x1!, back + 140, back + 520, 560, 690, '#fbfaf7')),
      ]
    }
    case 'sofa': {
      const fabric = FABRIC.living
      return [
        part(l, r, back, back + 230, 0, 820, fabric),
        part(l + 200, r - 200, back + 230, front, 0, 440, mix(fabric, '#ffffff', 0.25)),
        part(l, l + 200, back + 230, front, 0, 620, fabric),
        part(r - 200, r, back + 230, front, 0, 620, fabric),
        part(l + 320, l + 720, back + 230, back + 380, 440, 760, palette.lake),
        part(r - 720, r - 320, back + 230, back + 380, 440, 760, '#d9b16f'),
      ]
    }
    case 'tv':
      return [
        part(l, r, back + 20, front, 0, 420, '#b89a78'),
        part(l + 250, r - 250, back, back + 45, 820, 1560, '#1b2230'),
      ]
    case 'dining': {
      const top = part(
        item.cx - 700,
        item.cx + 700,
        item.cy - 400,
        item.cy + 400,
        700,
        740,
        '#efe9df',
      )
      const legs = [-640, 600].flatMap((dx) =>
        [-340, 300].map((dz) =>
          part(
            item.cx + dx,
            item.cx + dx + 40,
            item.cy + dz,
            item.cy + dz + 40,
            0,
            700,
            palette.grey700,
          ),
        ),
      )
      const chairs = [-1, 1].flatMap((sideZ) =>
        [-325, 325].flatMap((dx) => {
          const near = item.cy + sideZ * 450
          const far = item.cy + sideZ * 800
          const [z0, z1] = sideZ > 0 ? [near, far] : [far, near]
          const backZ0 = sideZ > 0 ? far - 50 : far
          return [
            part(item.cx + dx - 220, item.cx + dx + 220, z0, z1, 420, 460, '#c7bba8'),
            part(item.cx + dx - 220, item.cx + dx + 220, backZ0, backZ0 + 50, 460, 860, '#b3a58f'),
          ]
        }),
      )
      return [top, ...legs, ...chairs]
    }
    case 'counter':
      return [
        part(l, r, back, front, 0, 850, white),
        part(l, r, back, front + 20, 850, 890, '#d9dde4'),
        part(l + w * 0.18, l + w * 0.18 + 620, back + 100, back + 500, 890, 895, '#9aa3b2'),
        part(r - w * 0.32, r - w * 0.32 + 600, back + 80, back + 520, 890, 896, '#2b303a'),
        part(l, r, back, back + 350, 1450, CEILING - 50, white),
      ]
    case 'fridge':
      return [part(l, r, back, front, 0, 1850, '#dfe3e8')]
    case 'toilet':
      return [
        part(l, r, back, back + 190, 0, 780, '#fbfbfa'),
        part(l + 20, r - 20, back + 190, front, 0, 400, '#fbfbfa'),
      ]
    case 'basin':
      return [
        part(l, r, back, front, 0, 800, palette.woodLight),
        part(l - 10, r + 10, back, front + 10, 800, 850, '#fbfbfa'),
        part(l, r, back, back + 20, 1000, 1750, '#cfdbe4'),
      ]
    case 'bath':
      return [
        part(l, r, back, front, 0, 560, '#fbfbfa'),
        part(l + 80, r - 80, back + 80, front - 80, 560, 562, '#d6e6ef'),
      ]
    case 'shower': {
      const glass = part(l, r, front - 10, front, 60, 2000, '#cfe3ee')
      return [
        part(l, r, back, front, 0, 60, '#fbfbfa'),
        {...glass, faces: glass.faces.map((face) => ({...face, opacity: 0.3}))},
      ]
    }
    case 'wardrobe':
    case 'shoes': {
      const height = item.kind === 'wardrobe' ? CEILING - 40 : 2100
      const doors = [1, 2].map((i) =>
        part(
          l + (w * i) / 3 - 6,
          l + (w * i) / 3 + 6,
          front,
          front + 4,
          40,
          height - 40,
          '#d8d0c2',
        ),
      )
      return [part(l, r, back, front, 0, height, '#efe9df'), ...doors]
    }
    case 'desk':
      return [
        part(l, r, back, back + 600, 720, 750, wood),
        part(l, l + 40, back, back + 600, 0, 720, palette.grey700),
        part(r - 40, r, back, back + 600, 0, 720, palette.grey700),
        part(item.cx - 220, item.cx + 220, back + 650, back + 1000, 430, 470, '#9aa3b2'),
        part(item.cx - 220, item.cx + 220, back + 950, back + 1000, 470, 900, '#6b7385'),
      ]
    case 'washer':
      return [part(l, r, back, front, 0, 850, '#f7f7f5')]
  }
}

/**
 * What the plan does not draw but a furnished model home has: rug and low table by the sofa, art
 * above it, a plant.
 */
function decor(plan: UnitPlan, room: Room): Piece[] {
  const pieces: Piece[] = []
  const sofa = plan.furniture.find((f) => f.kind === 'sofa' && inside(room, f))
  const tv = plan.furniture.find((f) => f.kind === 'tv' && inside(room, f))
  if (sofa && tv) {
    const cx = (sofa.cx + tv.cx) / 2
    const cz = (sofa.cy + tv.cy) / 2
    const alongX = Math.abs(sofa.cx - tv.cx) > Math.abs(sofa.cy - tv.cy)
    const [rw, rd] = alongX ? [1900, 2300] : [2300, 1900]
    pieces.push({
      faces: [
        {
          points: [
            [cx - rw / 2, 3, cz - rd / 2],
            [cx - rw / 2, 3, cz + rd / 2],
            [cx + rw / 2, 3, cz + rd / 2],
            [cx + rw / 2, 3, cz - rd / 2],
          ],
          fill: '#e9e2d4',
        },
      ],
      centre: [cx, 3, cz],
    })
    const [tw, td] = alongX ? [550, 1000] : [1000, 550]
    pieces.push(box([cx - tw / 2, 0, cz - td / 2], [cx + tw / 2, 380, cz + td / 2], palette.wood))
  }
  const feature = featurePiece(plan, room)
  const wall = feature ? backWall(room, feature) : undefined
  if (feature && wall)
    pieces.push(
      ...picture(
        wall,
        wall.axis === 'h' ? feature.cx : feature.cy,
        feature.kind === 'sofa' ? 1300 : 1250,
        feature.kind === 'bedSingle' ? 700 : 1100,
      ),
    )
  if (room.kind === 'living' || room.kind === 'bedroom') {
    for (const side of sidesOf(room)) {
      for (const part of partsOf(plan, room, side)) {
        if (part.kind === 'window' && (part.sill ?? 900) < 200)
          pieces.push(...curtains(side, part.from, part.to))
      }
    }
    const [x, z] = [room.x + 350, room.y + room.h - 350]
    pieces.push(box([x - 160, 0, z - 160], [x + 160, 380, z + 160], '#f2efe8'))
    pieces.push(foliage([x, 380, z], 330, 900))
  }
  return pieces
}

/** A framed print on a wall, centred at `along`, its bottom edge at `bottom`. */
function picture(side: Side, along: number, bottom: number, width: number): Piece[] {
  const height = width * 0.62
  const from = along - width / 2
  const to = along + width / 2
  const frame = wallRect(side, from, to, bottom, bottom + height, '#3a4152', 20)
  const sky = wallRect(
    side,
    from + 50,
    to - 50,
    bottom + height * 0.45,
    bottom + height - 50,
    '#a9cbe8',
    22,
  )
  const hill = wallRect(
    side,
    from + 50,
    to - 50,
    bottom + 50,
    bottom + height * 0.45,
    '#8cc79a',
    22,
  )
  const sun = wallRect(
    side,
    along + width * 0.12,
    along + width * 0.22,
    bottom + height * 0.6,
    bottom + height * 0.72,
    '#f6d28a',
    23,
  )
  return [{faces: [frame, sky, hill, sun], centre: centreOf(frame.points)}]
}

/** Sheer curtains drawn back to both sides of a glass door. */
function curtains(side: Side, from: number, to: number): Piece[] {
  const panel = (a: number, b: number): Piece => {
    const face = {
      ...wallRect(side, a, b, 40, CEILING - 40, '#efe9dd', 110),
      opacity: 0.92,
      twoSided: true,
    }
    return {faces: [face], centre: centreOf(face.points)}
  }
  return [panel(from - 120, from + 260), panel(to - 260, to + 120)]
}

/**
 * A plant's leaves: two pyramids base to base, turned a little so that no face looks flat at the
 * viewer.
 */
function foliage(base: Vec, radius: number, height: number): Piece {
  const middle = base[1] + height * 0.45
  const ring: Vec[] = [0, 1, 2, 3, 4, 5].map((i) => {
    const angle = (i * Math.PI) / 3 + 0.3
    return [base[0] + radius * Math.cos(angle), middle, base[2] + radius * Math.sin(angle)]
  })
  const top: Vec = [base[0], base[1] + height, base[2]]
  const bottom: Vec = [base[0], base[1] + 20, base[2]]
  const faces: Face[] = ring.flatMap((point, i) => {
    const next = ring[(i + 1) % ring.length]!
    const upper = [point, top, next]
    const lower = [point, next, bottom]
    return [upper, lower].map((points) => ({
      points,
      fill: shade(i % 2 === 0 ? palette.park : palette.parkDark, normalOf(points), 0.3),
    }))
  })
  return {faces, centre: [base[0], middle, base[2]]}
}

function inside(room: Room, item: Furniture): boolean {
  return (
    item.cx > room.x && item.cx < room.x + room.w && item.cy > room.y && item.cy < room.y + room.h
  )
}

export interface RoomScene {
  room: Room
  /** Floor, ceiling and walls. */
  shell: Piece[]
  /** Furniture and decor. */
  contents: Piece[]
}

/** Every room of the unit with its shell, furniture and decor. */
export function unitScene(plan: UnitPlan): RoomScene[] {
  return plan.rooms.map((room) => ({
    room,
    shell: shell(plan, room),
    contents: [
      ...plan.furniture
        .filter((item) => inside(room, item))
        .flatMap((item) => furniturePieces(item, room)),
      ...decor(plan, room),
    ],
  }))
}

// The E-model house tours: for each unit, the rooms a visitor stands in, where, and which
// way they first look. Hotspots and the mini-map follow from the floor plan.
import type {Room, UnitPlan} from '../plans/floorplan-model.ts'
import {planBounds} from '../plans/floorplan-model.ts'
import {plan84A, plan84B} from '../plans/floorplan-types.ts'
import {CUBE_FACES, CubeCamera, type CubeFace} from './cube.ts'
import type {Piece, Vec} from './geometry.ts'
import {distanceTo, outside} from './outside.ts'
import {unitScene, type RoomScene} from './unit-scene.ts'

export const EYE_HEIGHT = 1450

export interface TourStop {
  /** A room id of the plan. */
  room: string
  /** Korean name shown to visitors. */
  name: string
  /** Where the visitor stands, in plan millimetres. */
  at: [number, number]
  /** The first direction looked at, degrees clockwise from north. */
  look: number
}

export interface TourDefinition {
  key: '84A' | '84B'
  title: string
  plan: UnitPlan
  start: string
  stops: TourStop[]
  /** Pairs of rooms a visitor walks between. */
  links: Array<[string, string]>
}

export const tours: TourDefinition[] = [
  {
    key: '84A',
    title: '84A 타입 E-모델하우스',
    plan: plan84A,
    start: 'living',
    stops: [
      {room: 'entry', name: '현관', at: [4650, 1400], look: 180},
      {room: 'hall', name: '복도', at: [3300, 2800], look: 270},
      {room: 'kitchen', name: '주방·식당', at: [6300, 1650], look: 135},
      {room: 'living', name: '거실', at: [7800, 4300], look: 200},
      {room: 'bed1', name: '침실1 (안방)', at: [10300, 4400], look: 120},
      {room: 'bed2', name: '침실2', at: [1350, 5900], look: 20},
      {room: 'bed3', name: '침실3', at: [4150, 6300], look: 330},
      {room: 'bath1', name: '욕실', at: [2750, 1500], look: 270},
    ],
    links: [
      ['entry', 'hall'],
      ['hall', 'kitchen'],
      ['hall', 'bath1'],
      ['hall', 'bed2'],
      ['hall', 'bed3'],
      ['kitchen', 'living'],
      ['living', 'bed1'],
    ],
  },
  {
    key: '84B',
    title: '84B 타입 E-모델하우스',
    plan: plan84B,
    start: 'living',
    stops: [
      {room: 'entry', name: '현관', at: [3550, 1000], look: 180},
      {room: 'kitchen', name: '주방·식당', at: [6000, 2500], look: 240},
      {room: 'living', name: '거실', at: [5300, 5200], look: 200},
      {room: 'bed1', name: '침실1 (안방)', at: [8000, 5300], look: 110},
      {room: 'bed2', name: '침실2', at: [1750, 5500], look: 200},
      {room: 'bed3', name: '침실3', at: [1800, 1900], look: 300},
      {room: 'alpha', name: '알파룸', at: [1900, 3650], look: 270},
      {room: 'bath1', name: '욕실', at: [6000, 1350], look: 250},
    ],
    links: [
      ['entry', 'kitchen'],
      ['kitchen', 'living'],
      ['kitchen', 'bed3'],
      ['kitchen', 'alpha'],
      ['kitchen', 'bath1'],
      ['living', 'bed2'],
      ['living', 'bed1'],
    ],
  },
]

const roomById = (plan: UnitPlan, id: string): Room => {
  const room = plan.rooms.find((r) => r.id === id)
  if (!room) throw new Error(`${plan.type}: no room ${id}`)
  return room
}

/** Where two rooms meet: the door between them, else the middle of the edge they share. */
export function passage(plan: UnitPlan, a: string, b: string): {point: Vec; door: boolean} {
  const ra = roomById(plan, a)
  const rb = roomById(plan, b)
  const edges: Array<{axis: 'h' | 'v'; at: number; from: number; to: number}> = []
  for (const [p, q] of [
    [ra, rb],
    [rb, ra],
  ] as const) {
    if (p.y + p.h === q.y)
      edges.push({axis: 'h', at: q.y, from: Math.max(p.x, q.x), to: Math.min(p.x + p.w, q.x + q.w)})
    if (p.x + p.w === q.x)
      edges.push({axis: 'v', at: q.x, from: Math.max(p.y, q.y), to: Math.min(p.y + p.h, q.y + q.h)})
  }
  const edge = edges.find((e) => e.to > e.from)
  if (!edge) throw new Error(`${plan.type}: ${a} and ${b} do not touch`)
  const door = plan.doors.find(
    (d) =>
      d.axis === edge.axis && d.at === edge.at && d.from >= edge.from && d.from + d.w <= edge.to,
  )
  const along = door ? door.from + door.w / 2 : (edge.from + edge.to) / 2
  const height = door ? 1000 : 800
  return {
    point: edge.axis === 'h' ? [along, height, edge.at] : [edge.at, height, along],
    door: Boolean(door),
  }
}

/**
 * The direction from `from` to `to` as the viewer takes it: yaw clockwise from north, pitch up, in
 * degrees.
 */
export function direction(from: Vec, to: Vec): {yaw: number; pitch: number} {
  const dx = to[0] - from[0]
  const dy = to[1] - from[1]
  const dz = to[2] - from[2]
  const yaw = ((((Math.atan2(dx, -dz) * 180) / Math.PI) % 360) + 360) % 360
  const pitch = (Math.atan2(dy, Math.hypot(dx, dz)) * 180) / Math.PI
  return {yaw: Math.round(yaw * 10) / 10, pitch: Math.round(pitch * 10) / 10}
}

export const cameraOf = (stop: TourStop): Vec => [stop.at[0], EYE_HEIGHT, stop.at[1]]

export interface Hotspot {
  target: string
  yaw: number
  pitch: number
}

export function hotspotsOf(tour: TourDefinition, stop: TourStop): Hotspot[] {
  return tour.links
    .filter(([a, b]) => a === stop.room || b === stop.room)
    .map(([a, b]) => {
      const target = a === stop.room ? b : a
      return {target, ...direction(cameraOf(stop), passage(tour.plan, stop.room, target).point)}
    })
}

/** A stop's place on the mini-map, as fractions of the map picture (see minimap.ts). */
export function mapPosition(plan: UnitPlan, at: [number, number]): {x: number; y: number} {
  const frame = mapFrame(plan)
  return {
    x: Math.round(((at[0] - frame.x) / frame.w) * 1000) / 1000,
    y: Math.round(((at[1] - frame.y) / frame.h) * 1000) / 1000,
  }
}

/** The part of the plan the mini-map shows: the whole unit and a margin. */
export function mapFrame(plan: UnitPlan): {x: number; y: number; w: number; h: number} {
  const bounds = planBounds(plan)
  const margin = 400
  return {
    x: bounds.x - margin,
    y: bounds.y - margin,
    w: bounds.w + margin * 2,
    h: bounds.h + margin * 2,
  }
}

/** The six faces of one stop's panorama, as SVG. */
export function panoramaFaces(
  tour: TourDefinition,
  stop: TourStop,
  size: number,
): Record<CubeFace, string> {
  const camera = cameraOf(stop)
  const rooms = unitScene(tour.plan)
  const bounds = planBounds(tour.plan)
  const centre: Vec = [bounds.x + bounds.w / 2, 0, bounds.y + bounds.h / 2]
  const nearFirst = (pieces: Piece[]) =>
    [...pieces].sort((p, q) => distanceTo(q.centre, camera) - distanceTo(p.centre, camera))
  const own = rooms.find((scene) => scene.room.id === stop.room)
  if (!own) throw new Error(`${tour.key}: no room ${stop.room}`)
  const roomCentre = (room: Room): Vec => [room.x + room.w / 2, EYE_HEIGHT, room.y + room.h / 2]
  const others = rooms
    .filter((scene) => scene !== own)
    .sort((a, b) => distanceTo(roomCentre(b.room), camera) - distanceTo(roomCentre(a.room), camera))
  // Each room's shell first (floor, ceiling and walls never hide each other seen from inside
  // a box, and its walls hide the rooms drawn before it but for their openings), then its
  // contents far to near.
  const ordered = (scene: RoomScene) => [...scene.shell, ...nearFirst(scene.contents)]
  const pieces = [...outside(centre, camera), ...others.flatMap(ordered), ...ordered(own)]
  const cube = new CubeCamera(camera, size)
  return Object.fromEntries(CUBE_FACES.map((face) => [face, cube.draw(face, pieces)])) as Record<
    CubeFace,
    string
  >
}

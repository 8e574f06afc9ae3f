import {PATH_SEGMENT_PATTERN} from './pathSegment.ts'

/** The six faces of a cube-map panorama, in the order the Studio lists them. */
export const CUBE_FACES = ['front', 'right', 'back', 'left', 'top', 'bottom'] as const

type ImageValue = {asset?: {_ref?: string}} | undefined

export interface TourHotspotValue {
  _key?: string
  target?: string
  yaw?: number
  pitch?: number
}

export interface TourRoomValue {
  _key?: string
  roomId?: string
  name?: string
  hotspots?: TourHotspotValue[]
}

export interface TourValue {
  startRoom?: string
  rooms?: TourRoomValue[]
}

/** An image's size as its asset id names it (`image-<sha1>-<w>x<h>-<ext>`). */
function imageSize(value: ImageValue): {width: number; height: number} | undefined {
  const match = /^image-[A-Za-z0-9]+-(\d+)x(\d+)-[a-z0-9]+$/.exec(value?.asset?._ref ?? '')
  return match ? {width: Number(match[1]), height: Number(match[2])} : undefined
}

/**
 * What keeps six pictures from closing into a cube: a missing face, a face that is not square, or
 * faces of different sizes.
 */
export function cubePanoramaProblem(
  value: Partial<Record<(typeof CUBE_FACES)[number], ImageValue>> | undefined,
): string | true {
  if (!value) return true
  const missing = CUBE_FACES.filter((face) => !value[face]?.asset?._ref)
  if (missing.length > 0)
    return `정육면체의 여섯 면이 모두 있어야 합니다. 빠진 면: ${missing.map((face) => FACE_TITLES[face]).join(', ')}`
  const sizes = CUBE_FACES.map((face) => imageSize(value[face]))
  if (sizes.some((size) => size && size.width !== size.height))
    return '각 면은 정사각형 이미지여야 합니다 (예: 1024×1024).'
  const widths = new Set(sizes.flatMap((size) => (size ? [size.width] : [])))
  return widths.size > 1 ? '여섯 면의 크기가 모두 같아야 합니다.' : true
}

export const FACE_TITLES: Record<(typeof CUBE_FACES)[number], string> = {
  front: '앞 (북쪽)',
  right: '오른쪽 (동쪽)',
  back: '뒤 (남쪽)',
  left: '왼쪽 (서쪽)',
  top: '위 (천장)',
  bottom: '아래 (바닥)',
}

/**
 * A room id: the part of the address and of the hotspots that names the room, e.g. `living`,
 * `bed-1`.
 */
export const isRoomId = (value: string) => PATH_SEGMENT_PATTERN.test(value)

/**
 * What breaks a tour as a whole: two rooms with one id, a start room that is not in the tour,
 * a hotspot leading nowhere or back into its own room.
 */
export function tourProblems(tour: TourValue | undefined): string[] {
  const rooms = tour?.rooms ?? []
  const ids = rooms.map((room) => room.roomId).filter((id): id is string => Boolean(id))
  const problems: string[] = []
  const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))]
  if (repeated.length > 0) problems.push(`공간 ID가 겹칩니다: ${repeated.join(', ')}`)
  if (tour?.startRoom && !ids.includes(tour.startRoom))
    problems.push(`시작 공간 "${tour.startRoom}" 이(가) 투어에 없습니다.`)
  for (const room of rooms) {
    for (const hotspot of room.hotspots ?? []) {
      if (!hotspot.target) continue
      if (hotspot.target === room.roomId)
        problems.push(`${room.name ?? room.roomId}: 이동 지점이 같은 공간을 가리킵니다.`)
      else if (!ids.includes(hotspot.target))
        problems.push(
          `${room.name ?? room.roomId}: 이동 지점의 공간 "${hotspot.target}" 이(가) 투어에 없습니다.`,
        )
    }
  }
  return problems
}

/** Rooms no hotspot leads to from the start: visitors reach them only through the mini-map. */
export function unreachableRooms(tour: TourValue | undefined): string[] {
  const rooms = tour?.rooms ?? []
  if (!tour?.startRoom) return []
  const seen = new Set([tour.startRoom])
  const queue = [tour.startRoom]
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const hotspot of rooms.find((room) => room.roomId === id)?.hotspots ?? []) {
      if (hotspot.target && !seen.has(hotspot.target)) {
        seen.add(hotspot.target)
        queue.push(hotspot.target)
      }
    }
  }
  return rooms
    .filter((room) => room.roomId && !seen.has(room.roomId))
    .map((room) => room.name ?? room.roomId ?? '')
}

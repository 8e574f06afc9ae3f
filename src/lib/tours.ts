import type {EMODEL_TOURS_QUERY_RESULT, TOUR_QUERY_RESULT} from '#sanity.types.ts'
import type {ContentImage} from './images.ts'

/** An E-model tab as the home and E-model pages list it. */
export type EmodelTab = EMODEL_TOURS_QUERY_RESULT[number]

export type TourData = NonNullable<TOUR_QUERY_RESULT>
export type TourRoom = NonNullable<TourData['rooms']>[number]

/** The faces in the order the cube-map adapter and the Studio name them. */
export const FACE_NAMES = ['front', 'right', 'back', 'left', 'top', 'bottom'] as const
export type FaceName = (typeof FACE_NAMES)[number]

/**
 * The side face the start room first looks at (front is north, then clockwise), the tab's picture
 * before the tour opens.
 */
export function coverFace(cover: EmodelTab['cover'] | null | undefined): ContentImage | null {
  const faces = cover?.faces ?? []
  const quarter = Math.round((((cover?.startYaw ?? 0) % 360) + 360) / 90) % 4
  return faces[quarter] ?? faces[0] ?? null
}

/** The rooms that can be shown: a room id and all six faces. */
export function completeRooms(tour: TourData): Array<TourRoom & {roomId: string}> {
  return (tour.rooms ?? []).filter(
    (room): room is TourRoom & {roomId: string} =>
      Boolean(room.roomId) &&
      FACE_NAMES.every((face) => Boolean(room.panorama?.[face]?.asset?._ref)),
  )
}

/** The room the tour opens on: the one the editors chose, else the first. */
export function startRoomOf(tour: TourData): string | undefined {
  const rooms = completeRooms(tour)
  return rooms.find((room) => room.roomId === tour.startRoom)?.roomId ?? rooms[0]?.roomId
}

/**
 * "거실로", "주방·식당으로": the particle for a direction agrees with the word's last sound
 * (로 after a vowel or ㄹ, else 으로), read from the last Hangul syllable or digit.
 */
export function towards(name: string): string {
  const last = [...name.replace(/[\s)\]]+$/, '')].at(-1) ?? ''
  const code = last.charCodeAt(0)
  let final: number | undefined
  if (code >= 0xac00 && code <= 0xd7a3) final = (code - 0xac00) % 28
  else if (/[0-9]/.test(last)) final = [21, 8, 0, 16, 0, 0, 1, 8, 8, 0][Number(last)]
  const particle = final === undefined || final === 0 || final === 8 ? '로' : '으로'
  return `${name}${particle}`
}

export const degreesToRadians = (degrees: number) => (degrees * Math.PI) / 180
export const radiansToDegrees = (radians: number) =>
  ((((radians * 180) / Math.PI) % 360) + 360) % 360

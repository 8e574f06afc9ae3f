import {describe, expect, it} from 'vitest'
import {
  completeRooms,
  coverFace,
  radiansToDegrees,
  startRoomOf,
  towards,
  type TourData,
} from './tours.ts'

const image = (name: string) => ({
  _type: 'image' as const,
  asset: {_ref: `image-${name}-1024x1024-webp`, _type: 'reference' as const},
})
const panorama = Object.fromEntries(
  ['front', 'right', 'back', 'left', 'top', 'bottom'].map((face) => [face, image(face)]),
)
const room = (roomId: string | null, faces: Record<string, unknown> = panorama) => ({
  _key: roomId ?? 'x',
  roomId,
  name: roomId,
  mapX: 0.5,
  mapY: 0.5,
  startYaw: 0,
  panorama: faces,
  hotspots: [],
})

describe('tours', () => {
  it('pictures a tab with the face its start room first looks at', () => {
    const faces = ['front', 'right', 'back', 'left'].map(image)
    expect(coverFace({name: '거실', startYaw: 200, faces})).toEqual(image('back'))
    expect(coverFace({name: '거실', startYaw: 300, faces})).toEqual(image('left'))
    expect(coverFace({name: '거실', startYaw: 350, faces})).toEqual(image('front'))
    expect(coverFace(null)).toBeNull()
  })

  it('shows only rooms with an id and all six faces, and opens on the chosen room or the first', () => {
    const tour = {
      startRoom: 'living',
      rooms: [room('kitchen'), room(null), room('bath', {...panorama, top: null}), room('living')],
    } as unknown as TourData
    expect(completeRooms(tour).map((r) => r.roomId)).toEqual(['kitchen', 'living'])
    expect(startRoomOf(tour)).toBe('living')
    expect(startRoomOf({...tour, startRoom: 'garage'})).toBe('kitchen')
  })

  it('puts the direction particle that agrees with the name', () => {
    expect(towards('거실')).toBe('거실로')
    expect(towards('주방·식당')).toBe('주방·식당으로')
    expect(towards('침실1 (안방)')).toBe('침실1 (안방)으로')
    expect(towards('침실2')).toBe('침실2로')
    expect(towards('침실3')).toBe('침실3으로')
    expect(towards('현관')).toBe('현관으로')
    expect(towards('욕실')).toBe('욕실로')
  })

  it('turns the viewer yaw into degrees clockwise from north', () => {
    expect(radiansToDegrees(Math.PI / 2)).toBeCloseTo(90)
    expect(radiansToDegrees(-Math.PI / 2)).toBeCloseTo(270)
  })
})

import {describe, expect, it} from 'vitest'
import {
  CUBE_FACES,
  cubePanoramaProblem,
  isRoomId,
  tourProblems,
  unreachableRooms,
  type TourValue,
} from './tour.ts'

const face = (size = '1024x1024') => ({asset: {_ref: `image-${'d'.repeat(40)}-${size}-webp`}})
const cube = Object.fromEntries(CUBE_FACES.map((name) => [name, face()]))

const tour: TourValue = {
  startRoom: 'living',
  rooms: [
    {roomId: 'living', name: '거실', hotspots: [{target: 'kitchen'}, {target: 'bed1'}]},
    {roomId: 'kitchen', name: '주방', hotspots: [{target: 'living'}]},
    {roomId: 'bed1', name: '침실1', hotspots: [{target: 'living'}]},
  ],
}

describe('tour rules', () => {
  it('accepts six square faces of one size', () => {
    expect(cubePanoramaProblem(cube)).toBe(true)
  })

  it('names the missing faces, and refuses faces that are not square or differ in size', () => {
    expect(cubePanoramaProblem({...cube, top: undefined, left: undefined})).toBe(
      '정육면체의 여섯 면이 모두 있어야 합니다. 빠진 면: 왼쪽 (서쪽), 위 (천장)',
    )
    expect(cubePanoramaProblem({...cube, back: face('1024x768')})).toMatch(/정사각형/)
    expect(cubePanoramaProblem({...cube, back: face('512x512')})).toMatch(/크기가 모두 같아야/)
  })

  it('takes lower-case ASCII room ids only', () => {
    for (const id of ['living', 'bed1', 'bath-2']) expect(isRoomId(id), id).toBe(true)
    for (const id of ['Living', '거실', 'bed 1', '-x', '']) expect(isRoomId(id), id).toBe(false)
  })

  it('finds nothing wrong with a tour whose hotspots all lead to its rooms', () => {
    expect(tourProblems(tour)).toEqual([])
    expect(unreachableRooms(tour)).toEqual([])
  })

  it('refuses repeated ids, a missing start room and hotspots leading nowhere or back into their room', () => {
    const broken: TourValue = {
      startRoom: 'hall',
      rooms: [
        {roomId: 'living', name: '거실', hotspots: [{target: 'living'}, {target: 'garage'}]},
        {roomId: 'living', name: '거실 2'},
      ],
    }
    expect(tourProblems(broken)).toEqual([
      '공간 ID가 겹칩니다: living',
      '시작 공간 "hall" 이(가) 투어에 없습니다.',
      '거실: 이동 지점이 같은 공간을 가리킵니다.',
      '거실: 이동 지점의 공간 "garage" 이(가) 투어에 없습니다.',
    ])
  })

  it('lists the rooms no hotspot leads to from the start', () => {
    const island = {...tour, rooms: [...tour.rooms!, {roomId: 'bath1', name: '욕실'}]}
    expect(unreachableRooms(island)).toEqual(['욕실'])
  })
})

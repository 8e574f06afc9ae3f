import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import sharp from 'sharp'
import {describe, expect, it} from 'vitest'
import {BASES, CUBE_FACES} from './cube.ts'
import {cross, dot} from './geometry.ts'
import {FACE_SIZE, faceFile, facesDir, minimapFile, tourDocument} from './generate.ts'
import {renderMinimap} from './minimap.ts'
import {cameraOf, direction, hotspotsOf, passage, tours} from './tours.ts'

const contentDir = fileURLToPath(new URL('../../content/', import.meta.url))
const seed = readFileSync(join(contentDir, 'production.ndjson'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as {_id: string})

describe('tour geometry', () => {
  it('measures directions clockwise from the plan north, pitch up from eye level', () => {
    expect(direction([0, 0, 0], [0, 0, -1000])).toEqual({yaw: 0, pitch: 0})
    expect(direction([0, 0, 0], [1000, 0, 0])).toEqual({yaw: 90, pitch: 0})
    expect(direction([0, 0, 0], [0, 0, 1000])).toEqual({yaw: 180, pitch: 0})
    expect(direction([0, 0, 0], [-1000, -1000, 0])).toEqual({yaw: 270, pitch: -45})
  })

  it(
    'lays the cube faces out as the viewer expects: each face ' +
      'turned a quarter from the last, seamless at the edges',
    () => {
      for (const face of CUBE_FACES) {
        const {right, up, forward} = BASES[face]
        // A right-handed frame looking along `forward` (x right, y up, z towards the viewer).
        expect(cross(right, up).map((v) => v + 0)).toEqual(forward.map((v) => -v + 0))
      }
      // The front face's right edge is the right face's left edge, and so on around.
      const around = ['front', 'right', 'back', 'left'] as const
      around.forEach((face, index) => {
        const next = BASES[around[(index + 1) % 4]!]
        expect(BASES[face].right).toEqual(next.forward)
      })
      expect(dot(BASES.top.up, BASES.front.forward)).toBe(-1)
      expect(dot(BASES.bottom.up, BASES.front.forward)).toBe(1)
    },
  )

  it('places each hotspot at the door or opening between two rooms', () => {
    const tour = tours.find((t) => t.key === '84A')!
    const living = tour.stops.find((stop) => stop.room === 'living')!
    const toBedroom = hotspotsOf(tour, living).find((spot) => spot.target === 'bed1')!
    // The master bedroom's door is in the living room's east wall, below eye level.
    expect(passage(tour.plan, 'living', 'bed1')).toEqual({point: [9400, 1000, 3950], door: true})
    expect(toBedroom.yaw).toBeGreaterThan(45)
    expect(toBedroom.yaw).toBeLessThan(90)
    expect(toBedroom.pitch).toBeLessThan(0)
    // The kitchen is open to the living room: no door, the middle of the shared edge.
    expect(passage(tour.plan, 'kitchen', 'living').door).toBe(false)
    expect(() => passage(tour.plan, 'bed1', 'bath1')).toThrow(/do not touch/)
  })

  it('stands every visitor inside the room the stop names', () => {
    for (const tour of tours) {
      for (const stop of tour.stops) {
        const room = tour.plan.rooms.find((r) => r.id === stop.room)!
        const [x, , z] = cameraOf(stop)
        expect(
          x > room.x && x < room.x + room.w && z > room.y && z < room.y + room.h,
          `${tour.key} ${stop.room}`,
        ).toBe(true)
      }
    }
  })
})

describe('committed tours', () => {
  it('are in the seed exactly as the generator writes them', () => {
    tours.forEach((tour, index) => {
      const committed = seed.find((doc) => doc._id === `emodelTour-${tour.key.toLowerCase()}`)
      expect(committed).toEqual(tourDocument(tour, index + 1))
    })
  })

  it('have their mini-maps and six square WebP faces of every room', async () => {
    for (const tour of tours) {
      expect(readFileSync(join(contentDir, 'images', minimapFile(tour)), 'utf8')).toBe(
        renderMinimap(tour.plan),
      )
      for (const stop of tour.stops) {
        for (const face of CUBE_FACES) {
          const file = join(facesDir, faceFile(tour, stop.room, face))
          expect(existsSync(file), file).toBe(true)
          const meta = await sharp(file).metadata()
          expect([meta.format, meta.width, meta.height], file).toEqual([
            'webp',
            FACE_SIZE,
            FACE_SIZE,
          ])
        }
      }
    }
  })
})

// Draws the E-model tours: six cube faces per room (WebP in content/images/tours/), the
// mini-map of each unit (content/images/tour-plan-*.svg), and writes the tour documents
// into the seed (content/production.ndjson). Run after changing a plan or a tour:
//   npx tsx art/tours/generate.ts
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {Resvg} from '@resvg/resvg-js'
import sharp from 'sharp'
import {CUBE_FACES} from './cube.ts'
import {renderMinimap} from './minimap.ts'
import {hotspotsOf, mapPosition, panoramaFaces, tours, type TourDefinition} from './tours.ts'

export const FACE_SIZE = 1024
const contentDir = fileURLToPath(new URL('../../content/', import.meta.url))
export const facesDir = join(contentDir, 'images', 'tours')
export const faceFile = (tour: TourDefinition, room: string, face: string) =>
  `${tour.key.toLowerCase()}-${room}-${face}.webp`
export const minimapFile = (tour: TourDefinition) => `tour-plan-${tour.key.toLowerCase()}.svg`

/** A tour as the seed holds it: an `emodelTour` document with its rooms, panoramas and hotspots. */
export function tourDocument(tour: TourDefinition, order: number): Record<string, unknown> {
  const image = (file: string) => ({_type: 'image', _sanityAsset: `image@file://./images/${file}`})
  return {
    _id: `emodelTour-${tour.key.toLowerCase()}`,
    _type: 'emodelTour',
    key: tour.key,
    title: tour.title,
    order,
    plan: {
      _type: 'imageWithAlt',
      _sanityAsset: `image@file://./images/${minimapFile(tour)}`,
      alt: `${tour.key} 타입 평면도: 방과 벽, 창의 배치`,
    },
    startRoom: tour.start,
    rooms: tour.stops.map((stop) => ({
      _key: stop.room,
      _type: 'tourRoom',
      roomId: stop.room,
      name: stop.name,
      mapX: mapPosition(tour.plan, stop.at).x,
      mapY: mapPosition(tour.plan, stop.at).y,
      startYaw: stop.look,
      panorama: {
        _type: 'cubePanorama',
        ...Object.fromEntries(
          CUBE_FACES.map((face) => [face, image(`tours/${faceFile(tour, stop.room, face)}`)]),
        ),
      },
      hotspots: hotspotsOf(tour, stop).map((spot) => ({
        _key: spot.target,
        _type: 'tourHotspot',
        ...spot,
      })),
    })),
  }
}

async function drawTour(tour: TourDefinition): Promise<number> {
  let bytes = 0
  writeFileSync(join(contentDir, 'images', minimapFile(tour)), renderMinimap(tour.plan))
  for (const stop of tour.stops) {
    const faces = panoramaFaces(tour, stop, FACE_SIZE)
    for (const face of CUBE_FACES) {
      const png = new Resvg(faces[face], {font: {loadSystemFonts: false}}).render().asPng()
      const file = join(facesDir, faceFile(tour, stop.room, face))
      writeFileSync(file, await sharp(png).webp({quality: 78, effort: 6}).toBuffer())
      bytes += statSync(file).size
    }
  }
  return bytes
}

function writeSeed(): void {
  const seedFile = join(contentDir, 'production.ndjson')
  const documents = new Map(
    tours.map((tour, index) => [
      `emodelTour-${tour.key.toLowerCase()}`,
      tourDocument(tour, index + 1),
    ]),
  )
  const lines = readFileSync(seedFile, 'utf8')
    .split('\n')
    .map((line) => {
      const id = line.trim() === '' ? undefined : (JSON.parse(line) as {_id?: string})._id
      const document = id === undefined ? undefined : documents.get(id)
      return document ? JSON.stringify(document) : line
    })
  writeFileSync(seedFile, lines.join('\n'))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(facesDir, {recursive: true})
  for (const tour of tours)
    console.log(
      `${tour.key}: ${tour.stops.length} rooms, ` +
        `${((await drawTour(tour)) / 1024).toFixed(0)} KB of faces`,
    )
  writeSeed()
}

// The mini-map of a tour: the unit's plan alone (rooms, walls, windows), no lettering; the
// room names are buttons the tour page lays over it.
import type {RoomKind, UnitPlan} from '../plans/floorplan-model.ts'
import {thicknessAt, wallSegments} from '../plans/floorplan-model.ts'
import {n} from '../scenes/svg.ts'
import {mapFrame} from './tours.ts'

export const MAP_WIDTH = 640

const FLOOR: Record<RoomKind, string> = {
  living: '#f1e6d4',
  kitchen: '#f1e6d4',
  bedroom: '#ece3d3',
  dress: '#ece3d3',
  alpha: '#ece3d3',
  hall: '#f1e6d4',
  bath: '#e3e9ee',
  entry: '#e4e1db',
  balcony: '#eef1f4',
}

export function renderMinimap(plan: UnitPlan): string {
  const frame = mapFrame(plan)
  const scale = MAP_WIDTH / frame.w
  const height = Math.round(frame.h * scale)
  const x = (value: number) => n((value - frame.x) * scale)
  const y = (value: number) => n((value - frame.y) * scale)
  const size = (value: number) => n(value * scale)
  const floors = plan.rooms.map(
    (r) =>
      `<rect x="${x(r.x)}" y="${y(r.y)}" width="${size(r.w)}` +
      `" height="${size(r.h)}" fill="${FLOOR[r.kind]}"/>`,
  )
  const walls = wallSegments(plan).map((w) => {
    const half = w.thickness / 2
    const from = w.from - (w.extendStart ? half : 0)
    const to = w.to + (w.extendEnd ? half : 0)
    return w.axis === 'h'
      ? `M${x(from)} ${y(w.at - half)}H${x(to)}V${y(w.at + half)}H${x(from)}Z`
      : `M${x(w.at - half)} ${y(from)}V${y(to)}H${x(w.at + half)}V${y(from)}Z`
  })
  const windows = plan.windows.map((w) => {
    const t = thicknessAt(plan, w.axis, w.at, w.from + w.w / 2) || 150
    return w.axis === 'h'
      ? `<rect x="${x(w.from)}" y="${y(w.at - t / 2)}" width="` +
          `${size(w.w)}" height="${size(t)}" fill="#cfe6f6"/>`
      : `<rect x="${x(w.at - t / 2)}" y="${y(w.from)}" width="` +
          `${size(t)}" height="${size(w.w)}" fill="#cfe6f6"/>`
  })
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MAP_WIDTH}" height="${height}" ` +
    `viewBox="0 0 ${MAP_WIDTH} ${height}"><rect width="${MAP_WIDTH}" height="${height}" ` +
    `fill="#ffffff"/>${floors.join('')}<path d="${walls.join('')}" fill="#14213d"/>` +
    `${windows.join('')}</svg>`
  )
}

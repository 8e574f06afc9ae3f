// Draws a unit plan as an illustration: the plan with its dimensions, the room names outlined
// (an <img> SVG and an image CDN's rasterizer have no Korean font of their own), scale and north.
import {furniturePath, furnitureSize} from './floorplan-furniture.ts'
import type {Door, Room, RoomKind, UnitPlan} from './floorplan-model.ts'
import {planBounds, roomArea, thicknessAt, wallSegments} from './floorplan-model.ts'
import {outlinedText} from '../scenes/outlined-text.ts'
import {boxPath, colors, el, mm, n, northArrow, svgDocument, text} from './svg.ts'

const width = 1200
const height = 900
/** Drawing area for the plan and its dimension lines; the legend stands right of it. */
const frame = {x: 20, y: 20, w: 1020, h: 860}
const dimMargin = 78

const floorFill: Record<RoomKind, string> = {
  living: 'url(#wood)',
  kitchen: 'url(#wood)',
  bedroom: 'url(#wood)',
  dress: 'url(#wood)',
  alpha: 'url(#wood)',
  hall: 'url(#wood)',
  bath: 'url(#tile)',
  entry: 'url(#tile)',
  balcony: 'url(#hatch)',
}

interface Projection {
  s: number
  x: (mmX: number) => number
  y: (mmY: number) => number
}

function projection(plan: UnitPlan): Projection {
  const b = planBounds(plan)
  const s = Math.min((frame.w - dimMargin - 20) / b.w, (frame.h - dimMargin - 20) / b.h)
  const ox = frame.x + dimMargin + (frame.w - dimMargin - b.w * s) / 2
  const oy = frame.y + dimMargin + (frame.h - dimMargin - b.h * s) / 2
  return {s, x: (v) => ox + (v - b.x) * s, y: (v) => oy + (v - b.y) * s}
}

function patterns(s: number): string[] {
  const tile = 300 * s
  const plank = 150 * s
  return [
    el('pattern', {id: 'tile', width: tile, height: tile, patternUnits: 'userSpaceOnUse'}, [
      el('rect', {width: tile, height: tile, fill: colors.grey50}),
      el('path', {
        d: `M${n(tile)} 0V${n(tile)}H0`,
        fill: 'none',
        stroke: colors.grey300,
        'stroke-width': 0.5,
      }),
    ]),
    el('pattern', {id: 'wood', width: plank * 6, height: plank, patternUnits: 'userSpaceOnUse'}, [
      el('rect', {width: plank * 6, height: plank, fill: colors.sandLight}),
      el('path', {
        d: `M0 ${n(plank)}H${n(plank * 6)}M${n(plank * 2)} 0V${n(plank)}`,
        fill: 'none',
        stroke: '#eadfcb',
        'stroke-width': 0.6,
      }),
    ]),
    el(
      'pattern',
      {
        id: 'hatch',
        width: 8,
        height: 8,
        patternUnits: 'userSpaceOnUse',
        patternTransform: 'rotate(45)',
      },
      [
        el('rect', {width: 8, height: 8, fill: '#f3f6f9'}),
        el('path', {d: 'M0 0V8', stroke: '#a9bfd4', 'stroke-width': 1}),
      ],
    ),
  ]
}

function roomFloors(plan: UnitPlan, p: Projection): string {
  return plan.rooms
    .map((r) =>
      el('rect', {
        x: p.x(r.x),
        y: p.y(r.y),
        width: r.w * p.s,
        height: r.h * p.s,
        fill: floorFill[r.kind],
      }),
    )
    .join('')
}

function walls(plan: UnitPlan, p: Projection): string {
  const d = wallSegments(plan)
    .map((w) => {
      const half = w.thickness / 2
      const from = w.from - (w.extendStart ? half : 0)
      const to = w.to + (w.extendEnd ? half : 0)
      return w.axis === 'h'
        ? boxPath(p.x(from), p.y(w.at - half), (to - from) * p.s, w.thickness * p.s)
        : boxPath(p.x(w.at - half), p.y(from), w.thickness * p.s, (to - from) * p.s)
    })
    .join('')
  return el('path', {d, fill: colors.navy})
}

function windows(plan: UnitPlan, p: Projection): string {
  const frames: string[] = []
  const glass: string[] = []
  for (const w of plan.windows) {
    const t = thicknessAt(plan, w.axis, w.at, w.from + w.w / 2) || 150
    if (w.axis === 'h') {
      frames.push(boxPath(p.x(w.from), p.y(w.at - t / 2), w.w * p.s, t * p.s))
      glass.push(`M${n(p.x(w.from))} ${n(p.y(w.at))}H${n(p.x(w.from + w.w))}`)
    } else {
      frames.push(boxPath(p.x(w.at - t / 2), p.y(w.from), t * p.s, w.w * p.s))
      glass.push(`M${n(p.x(w.at))} ${n(p.y(w.from))}V${n(p.y(w.from + w.w))}`)
    }
  }
  return (
    el('path', {d: frames.join(''), fill: colors.white, stroke: colors.navy, 'stroke-width': 1}) +
    el('path', {d: glass.join(''), fill: 'none', stroke: colors.lake, 'stroke-width': 1.6})
  )
}

/** The shared edge of two touching rooms, if any, as a path in screen coordinates. */
function sharedEdge(a: Room, b: Room, p: Projection): string | undefined {
  const horizontal = a.y + a.h === b.y || b.y + b.h === a.y
  const vertical = a.x + a.w === b.x || b.x + b.w === a.x
  if (horizontal) {
    const y = a.y + a.h === b.y ? b.y : a.y
    const from = Math.max(a.x, b.x)
    const to = Math.min(a.x + a.w, b.x + b.w)
    return to > from ? `M${n(p.x(from))} ${n(p.y(y))}H${n(p.x(to))}` : undefined
  }
  if (vertical) {
    const x = a.x + a.w === b.x ? b.x : a.x
    const from = Math.max(a.y, b.y)
    const to = Math.min(a.y + a.h, b.y + b.h)
    return to > from ? `M${n(p.x(x))} ${n(p.y(from))}V${n(p.y(to))}` : undefined
  }
  return undefined
}

/** The entrance floor sits a step lower: brochures draw that edge as a thin line. */
function entranceSteps(plan: UnitPlan, p: Projection): string {
  const byId = new Map(plan.rooms.map((r) => [r.id, r]))
  const d = plan.open
    .map(([a, b]) => [byId.get(a), byId.get(b)] as const)
    .filter(([a, b]) => a?.kind === 'entry' || b?.kind === 'entry')
    .map(([a, b]) => (a !== undefined && b !== undefined ? sharedEdge(a, b, p) : undefined))
    .filter((edge): edge is string => edge !== undefined)
  return d.length > 0
    ? el('path', {d: d.join(''), stroke: colors.grey500, 'stroke-width': 1.2})
    : ''
}

function doorPath(door: Door, p: Projection): string {
  const along = (v: number, cross: number): [number, number] =>
    door.axis === 'h' ? [v, cross] : [cross, v]
  const hingeAt = door.hinge === 'start' ? door.from : door.from + door.w
  const jambAt = door.hinge === 'start' ? door.from + door.w : door.from
  const [hx, hy] = along(hingeAt, door.at)
  const [jx, jy] = along(jambAt, door.at)
  const [lx, ly] = door.axis === 'h' ? [hx, hy + door.side * door.w] : [hx + door.side * door.w, hy]
  // Positive cross product means turning from the leaf to the jamb is clockwise on screen.
  const sweep = (lx - hx) * (jy - hy) - (ly - hy) * (jx - hx) > 0 ? 1 : 0
  const r = n(door.w * p.s)
  return (
    `M${n(p.x(hx))} ${n(p.y(hy))}L${n(p.x(lx))} ${n(p.y(ly))}` +
    `A${r} ${r} 0 0 ${sweep} ${n(p.x(jx))} ${n(p.y(jy))}`
  )
}

function doors(plan: UnitPlan, p: Projection): string {
  return el('path', {
    d: plan.doors.map((d) => doorPath(d, p)).join(''),
    fill: 'none',
    stroke: colors.navy,
    'stroke-width': 1.1,
  })
}

function furniture(plan: UnitPlan, p: Projection): string {
  const pieces = plan.furniture.map((f) => {
    const [dw, dh] = furnitureSize[f.kind]
    const transform =
      `translate(${n(p.x(f.cx))} ${n(p.y(f.cy))})` +
      `${f.rot ? ` rotate(${f.rot})` : ''} scale(${n(p.s, 4)})`
    return el('path', {d: furniturePath(f.kind, f.w ?? dw, f.h ?? dh), transform})
  })
  return el(
    'g',
    {fill: colors.white, stroke: colors.grey500, 'stroke-width': n(0.9 / p.s, 0)},
    pieces,
  )
}

function roomLabel(room: Room, p: Projection): string {
  if (room.hideLabel === true) return ''
  const [cx, cy] = room.label ?? [room.x + room.w / 2, room.y + room.h / 2]
  const x = p.x(cx)
  const y = p.y(cy)
  const small = room.w * p.s < 90
  const size = small ? 14 : 17
  return el('g', {'text-anchor': 'middle'}, [
    outlinedText(room.name, {
      x: +x.toFixed(1),
      y: +(y - 3).toFixed(1),
      size,
      weight: 700,
      fill: colors.navy,
      anchor: 'middle',
      halo: {color: colors.white, width: 3},
    }),
    // Digits and "m²" exist in every font: the area stays text.
    text(x, y + 14, `${roomArea(room).toFixed(2)}m²`, {
      'font-size': 11,
      fill: colors.grey700,
      stroke: colors.white,
      'stroke-width': 3,
      'paint-order': 'stroke',
    }),
  ])
}

/** One chain of dimensions with slash ticks; `horizontal` chains run along the top. */
function dimensionChain(
  stops: number[],
  horizontal: boolean,
  offset: number,
  p: Projection,
): string {
  const first = stops[0] ?? 0
  const last = stops[stops.length - 1] ?? 0
  const parts: string[] = []
  const labels: string[] = []
  const tick = 4
  if (horizontal) {
    parts.push(`M${n(p.x(first))} ${n(offset)}H${n(p.x(last))}`)
    for (const s of stops)
      parts.push(
        `M${n(p.x(s) - tick)} ${n(offset + tick)}l${tick * 2}` +
          ` ${-tick * 2}M${n(p.x(s))} ${n(offset - 6)}v12`,
      )
    stops.slice(1).forEach((s, i) => {
      const prev = stops[i] ?? 0
      if ((s - prev) * p.s > 26) labels.push(text(p.x((s + prev) / 2), offset - 5, mm(s - prev)))
    })
  } else {
    parts.push(`M${n(offset)} ${n(p.y(first))}V${n(p.y(last))}`)
    for (const s of stops)
      parts.push(
        `M${n(offset - tick)} ${n(p.y(s) + tick)}l${tick * 2}` +
          ` ${-tick * 2}M${n(offset - 6)} ${n(p.y(s))}h12`,
      )
    stops.slice(1).forEach((s, i) => {
      const prev = stops[i] ?? 0
      const y = p.y((s + prev) / 2)
      if ((s - prev) * p.s > 26)
        labels.push(
          text(offset - 5, y, mm(s - prev), {transform: `rotate(-90 ${n(offset - 5)} ${n(y)})`}),
        )
    })
  }
  return (
    el('path', {d: parts.join(''), fill: 'none', stroke: colors.grey700, 'stroke-width': 0.8}) +
    labels.join('')
  )
}

function dimensions(plan: UnitPlan, p: Projection): string {
  const b = planBounds(plan)
  const top = p.y(b.y)
  const left = p.x(b.x)
  const overallX = [plan.dimX[0] ?? 0, plan.dimX[plan.dimX.length - 1] ?? 0]
  const overallY = [plan.dimY[0] ?? 0, plan.dimY[plan.dimY.length - 1] ?? 0]
  return el('g', {'font-size': 11, fill: colors.grey700, 'text-anchor': 'middle'}, [
    dimensionChain(plan.dimX, true, top - 30, p),
    dimensionChain(overallX, true, top - 58, p),
    dimensionChain(plan.dimY, false, left - 30, p),
    dimensionChain(overallY, false, left - 58, p),
  ])
}

/** A true-scale bar of whole metres, as many as fit in `room` pixels. */
function scaleBar(x: number, y: number, s: number, room: number): string {
  const metre = 1000 * s
  const count = Math.max(1, Math.floor(room / metre))
  const steps = Array.from({length: count}, (_, i) => i)
  const blocks = steps.map((i) =>
    el('rect', {
      x: x + i * metre,
      y,
      width: metre,
      height: 6,
      fill: i % 2 === 0 ? colors.navy : colors.white,
    }),
  )
  const labels = [...steps, count].map((i) =>
    text(x + i * metre, y + 20, i === count ? `${i}m` : String(i), {'text-anchor': 'middle'}),
  )
  return el('g', {'font-size': 10, fill: colors.grey700}, [
    ...blocks,
    el('rect', {
      x,
      y,
      width: metre * count,
      height: 6,
      fill: 'none',
      stroke: colors.navy,
      'stroke-width': 0.8,
    }),
    ...labels,
  ])
}

/**
 * The scale bar and north arrow in the right margin. The type's name and figures are no part
 * of the picture: the page says them as text beside it (they would shrink to a few pixels on
 * a phone and could not be read aloud).
 */
function legend(s: number): string {
  const x = frame.x + frame.w + 20
  return el('g', {}, [northArrow(x + 50, 80, 22), scaleBar(x, 800, s, 110)])
}

export function renderFloorPlan(plan: UnitPlan): string {
  const p = projection(plan)
  return svgDocument(
    width,
    height,
    [
      el('rect', {width, height, fill: colors.white}),
      roomFloors(plan, p),
      furniture(plan, p),
      entranceSteps(plan, p),
      walls(plan, p),
      windows(plan, p),
      doors(plan, p),
      dimensions(plan, p),
      ...plan.rooms.map((r) => roomLabel(r, p)),
      legend(p.s),
    ],
    patterns(p.s),
  )
}

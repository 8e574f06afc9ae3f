// Furniture hints as path data in millimetres, centred on the origin with the back to the north.
import type {FurnitureKind} from './floorplan-model.ts'
import {n} from './svg.ts'

function box(x: number, y: number, w: number, h: number): string {
  return `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`
}

function line(x1: number, y1: number, x2: number, y2: number): string {
  return `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`
}

function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  return (
    `M${n(cx - rx)} ${n(cy)}a${n(rx)} ${n(ry)} 0 1 0 ` +
    `${n(2 * rx)} 0a${n(rx)} ${n(ry)} 0 1 0 ${n(-2 * rx)} 0z`
  )
}

export const furnitureSize: Record<FurnitureKind, [number, number]> = {
  bedDouble: [1500, 2050],
  bedSingle: [1000, 2050],
  sofa: [2300, 900],
  tv: [1800, 450],
  dining: [1400, 1700],
  counter: [2400, 600],
  fridge: [900, 750],
  toilet: [420, 700],
  basin: [560, 460],
  bath: [1500, 750],
  shower: [900, 900],
  wardrobe: [1800, 600],
  shoes: [1200, 400],
  desk: [1200, 1000],
  washer: [650, 650],
}

/** Path data for one piece of width `w` and depth `h`, centred on the origin. */
export function furniturePath(kind: FurnitureKind, w: number, h: number): string {
  const l = -w / 2
  const t = -h / 2
  switch (kind) {
    case 'bedDouble':
      return (
        box(l, t, w, h) +
        box(l + 100, t + 100, w / 2 - 150, 380) +
        box(50, t + 100, w / 2 - 150, 380) +
        line(l, t + 620, -l, t + 620) +
        line(l, t + 620 + 350, l + 350, t + 620)
      )
    case 'bedSingle':
      return (
        box(l, t, w, h) +
        box(l + 150, t + 100, w - 300, 380) +
        line(l, t + 620, -l, t + 620) +
        line(l, t + 620 + 300, l + 300, t + 620)
      )
    case 'sofa':
      return box(l, t, w, h) + box(l + 220, t + 230, w - 440, h - 230) + line(0, t + 230, 0, -t)
    case 'tv':
      return box(l, t, w, h) + box(l + 350, t + 60, w - 700, 90)
    case 'dining':
      return (
        box(-700, -400, 1400, 800) +
        box(-550, -800, 450, 350) +
        box(100, -800, 450, 350) +
        box(-550, 450, 450, 350) +
        box(100, 450, 450, 350)
      )
    case 'counter':
      return (
        box(l, t, w, h) +
        box(l + w * 0.18, t + 90, 620, 400) +
        ellipse(-l - w * 0.22, -60, 110, 110) +
        ellipse(-l - w * 0.22 + 260, 80, 90, 90)
      )
    case 'fridge':
      return box(l, t, w, h) + line(l, t, -l, -t) + line(-l, t, l, -t)
    case 'toilet':
      return box(l, t, w, 190) + ellipse(0, t + 190 + 250, 190, 250)
    case 'basin':
      return box(l, t, w, h) + ellipse(0, 30, w / 2 - 80, h / 2 - 90)
    case 'bath':
      return (
        box(l, t, w, h) +
        `M${n(l + 120)} ${n(t + 90)}h${n(w - 240)}a200 200 0 0 1 0 ` +
        `${n(h - 180)}h${n(-(w - 240))}a200 200 0 0 1 0 ${n(-(h - 180))}z` +
        ellipse(l + 260, 0, 45, 45)
      )
    case 'shower':
      return box(l, t, w, h) + line(l, -t, -l, t) + ellipse(0, 0, 60, 60)
    case 'wardrobe':
      return (
        box(l, t, w, h) +
        line(l + 80, 0, -l - 80, 0) +
        line(l + w / 3, t, l + w / 3, -t) +
        line(l + (2 * w) / 3, t, l + (2 * w) / 3, -t)
      )
    case 'shoes':
      return box(l, t, w, h) + line(l, t, -l, -t)
    case 'desk':
      return box(l, t, w, 600) + ellipse(0, t + 600 + 230, 220, 200)
    case 'washer':
      return box(l, t, w, h) + ellipse(0, 0, w / 2 - 100, h / 2 - 100)
  }
}

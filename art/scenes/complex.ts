import {tower} from './buildings.ts'
import {treeBelt} from './nature.ts'
import type {Mood} from './sky.ts'
import type {Rng, Scene} from './svg.ts'

export interface ComplexLayout {
  centerX: number
  /** Ground line of the back row and of the front row. */
  backY: number
  frontY: number
  backScale: number
  frontScale: number
  lit: number
  treeColors: readonly string[]
  /** Bays per front-row tower (left to right); back-row towers sit in the gaps. */
  front?: readonly number[]
  gap?: number
}

/**
 * The nine-block complex (back row of four, front row of five) centred on `centerX`: the
 * focal group every exterior scene shares, so the brochure shows one recognisable place.
 */
export function complex(scene: Scene, mood: Mood, rng: Rng, layout: ComplexLayout): string {
  const front = layout.front ?? [7, 6, 8, 6, 7]
  const gap = layout.gap ?? 60 * (layout.frontScale / 1.9)
  const widths = front.map((bays) => bays * 8 * layout.frontScale)
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * (front.length - 1)
  const parts: string[] = []
  const lefts: number[] = []
  let x = layout.centerX - total / 2
  for (const w of widths) {
    lefts.push(x)
    x += w + gap
  }
  // Back-row blocks stand in the gaps of the front row.
  const backBays = [6, 7, 7, 6].slice(0, front.length - 1)
  backBays.forEach((bays, i) => {
    const a = lefts[i] ?? 0
    const b = lefts[i + 1] ?? 0
    const mid = (a + (widths[i] ?? 0) + b) / 2
    const w = bays * 8 * layout.backScale
    parts.push(
      tower(scene, mood, rng, {
        x: mid - w / 2,
        y: layout.backY,
        scale: layout.backScale,
        bays,
        side: mid < layout.centerX ? 1 : -1,
        lit: layout.lit * 0.8,
      }),
    )
  })
  parts.push(
    treeBelt(scene, rng, {
      x0: lefts[0] ?? 0,
      x1: x - gap,
      y: layout.backY + 4,
      spread: (layout.frontY - layout.backY) * 0.4,
      size: [30 * layout.backScale, 46 * layout.backScale],
      colors: layout.treeColors,
      kinds: ['round', 'round', 'cone'],
    }),
  )
  front.forEach((bays, i) => {
    const left = lefts[i] ?? 0
    const center = left + (widths[i] ?? 0) / 2
    parts.push(
      tower(scene, mood, rng, {
        x: left,
        y: layout.frontY,
        scale: layout.frontScale,
        bays,
        side: center < layout.centerX - 20 ? 1 : -1,
        lit: layout.lit,
      }),
    )
  })
  return parts.join('')
}

/** The floor-plan viewer's zoom levels: 1 is the plan fitted to the screen. */
export const MIN_SCALE = 1
export const MAX_SCALE = 4
/** One press of the + or − button. */
export const BUTTON_STEP = 0.5

export function clampScale(scale: number): number {
  if (Number.isNaN(scale)) return MIN_SCALE
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale))
}

/** The + / − buttons: half a level per press, within bounds. */
export function stepScale(scale: number, direction: 1 | -1): number {
  return clampScale(Math.round((scale + direction * BUTTON_STEP) * 100) / 100)
}

/**
 * The wheel: proportional to how far it turned (a mouse notch is about 100 px of deltaY, a
 * trackpad sends many small deltas), so one notch zooms by about a fifth. Wheel up zooms in.
 */
export function wheelScale(scale: number, deltaY: number): number {
  return clampScale(scale * Math.exp(-deltaY * 0.002))
}

/** Two fingers: the scale follows the change of their distance since the pinch started. */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampScale(startScale)
  return clampScale(startScale * (distance / startDistance))
}

export function distance(a: {x: number; y: number}, b: {x: number; y: number}): number {
  return Math.hypot(a.x - b.x, a.y - b.y)
}

/**
 * The keyboard: + (or =, unshifted on most layouts) and − zoom like the buttons, 0 fits the picture
 * again.
 */
export function keyScale(scale: number, key: string): number | null {
  if (key === '+' || key === '=') return stepScale(scale, 1)
  if (key === '-' || key === '_') return stepScale(scale, -1)
  if (key === '0') return MIN_SCALE
  return null
}

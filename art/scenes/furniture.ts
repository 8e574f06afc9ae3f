import {palette} from './palette.ts'
import type {BoxColors, Room} from './room.ts'
import {el, ellipse, poly, rect} from './svg.ts'

export function shade(top: string, front: string, side: string): BoxColors {
  return {top, front, side}
}

/** Sofa facing the viewer: seat, back and two arms. */
export function sofa(
  room: Room,
  u0: number,
  u1: number,
  t0: number,
  t1: number,
  fabric: BoxColors,
  cushion: string,
): string {
  const depth = t1 - t0
  const arm = (u1 - u0) * 0.07
  const cushions: string[] = []
  const count = Math.max(2, Math.round((u1 - u0) / 0.12))
  for (let i = 0; i < count; i += 1) {
    const [x, y] = room.floor(
      u0 + arm + ((u1 - u0 - arm * 2) * (i + 0.5)) / count,
      t0 + depth * 0.7,
    )
    const s = room.scaleAt(t0 + depth * 0.7)
    cushions.push(rect(x - 26 * s, y - 92 * s, 52 * s, 40 * s, cushion, {rx: 8 * s}))
  }
  return [
    room.box(u0, u1, t0 + depth * 0.7, t1, 100, fabric),
    room.box(u0 + arm, u1 - arm, t0, t1, 45, fabric),
    room.box(u0, u0 + arm, t0, t1, 65, fabric),
    room.box(u1 - arm, u1, t0, t1, 65, fabric),
    ...cushions,
  ].join('')
}

/** Rug lying on the floor between the given floor coordinates. */
export function rug(
  room: Room,
  u0: number,
  u1: number,
  t0: number,
  t1: number,
  color: string,
): string {
  return poly(
    [...room.floor(u0, t0), ...room.floor(u1, t0), ...room.floor(u1, t1), ...room.floor(u0, t1)],
    color,
  )
}

/** Table on four legs: a thin top box and slim legs. */
export function table(
  room: Room,
  u0: number,
  u1: number,
  t0: number,
  t1: number,
  height: number,
  top: BoxColors,
  leg: string,
): string {
  const legs: string[] = []
  for (const [u, t] of [
    [u0 + 0.01, t0],
    [u1 - 0.01, t0],
  ] as const) {
    const [x, y] = room.floor(u, t)
    const s = room.scaleAt(t)
    legs.push(rect(x - 3 * s, y - height * s, 6 * s, height * s, leg))
  }
  const lifted = room.box(u0, u1, t0, t1, 10, top)
  return (
    legs.join('') +
    el('g', {transform: `translate(0 ${Math.round(-(height - 10) * room.scaleAt(t0))})`}, lifted)
  )
}

/** Chair: two visible legs, a seat and a back panel raised off the floor. */
export function chair(
  room: Room,
  u: number,
  t: number,
  color: BoxColors,
  facingViewer: boolean,
): string {
  const w = 0.045
  const d = 0.05
  const s = room.scaleAt(t)
  const lift = (markup: string, by: number): string =>
    el('g', {transform: `translate(0 ${Math.round(-by * s)})`}, markup)
  const legs = [u - w / 2 + 0.004, u + w / 2 - 0.004]
    .map((lu) => {
      const [x, y] = room.floor(lu, t)
      return rect(x - 2 * s, y - 32 * s, 4 * s, 32 * s, palette.grey700)
    })
    .join('')
  const seat = lift(room.box(u - w / 2, u + w / 2, t, t + d, 8, color), 32)
  const backT = facingViewer ? t + d : t
  const back = lift(room.box(u - w / 2, u + w / 2, backT - 0.006, backT, 52, color), 40)
  return facingViewer ? back + legs + seat : legs + seat + back
}

/** Pendant lamp hanging from the ceiling above floor point (u, t). */
export function pendant(room: Room, u: number, t: number, drop: number, color: string): string {
  const [x] = room.floor(u, t)
  const s = room.scaleAt(t)
  const ceilingY = room.y0 * t
  const y = ceilingY + drop * s
  return [
    el('path', {
      d: `M${Math.round(x)} ${Math.round(ceilingY)}V${Math.round(y)}`,
      stroke: '#6b7385',
      'stroke-width': 1.5,
    }),
    el('path', {
      d:
        `M${Math.round(x - 30 * s)} ${Math.round(y + 26 * s)}Q${Math.round(x)} ` +
        `${Math.round(y - 20 * s)} ${Math.round(x + 30 * s)} ${Math.round(y + 26 * s)}Z`,
      fill: color,
    }),
    ellipse(x, y + 28 * s, 34 * s, 10 * s, '#fff2c4', {opacity: 0.7}),
  ].join('')
}

/** Potted plant on the floor. */
export function plant(room: Room, u: number, t: number, height: number): string {
  const [x, y] = room.floor(u, t)
  const s = room.scaleAt(t)
  const leaves: string[] = []
  for (let i = -3; i <= 3; i += 1) {
    leaves.push(
      el('ellipse', {
        cx: x + i * 10 * s,
        cy: y - (height * 0.6 + Math.abs(i) * -6) * s,
        rx: 12 * s,
        ry: height * 0.32 * s,
        fill: i % 2 === 0 ? palette.park : palette.parkDark,
        transform:
          `rotate(${i * 14} ${Math.round(x + i * 10 * s)}` +
          ` ${Math.round(y - height * 0.6 * s)})`,
      }),
    )
  }
  return (
    leaves.join('') +
    el('path', {
      d:
        `M${Math.round(x - 24 * s)} ${Math.round(y - 50 * s)}h${Math.round(48 * s)}` +
        `l${Math.round(-6 * s)} ${Math.round(50 * s)}h${Math.round(-36 * s)}z`,
      fill: '#f2efe8',
    })
  )
}

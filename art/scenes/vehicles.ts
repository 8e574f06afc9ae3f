import {circle, el, group, rect, translate} from './svg.ts'

/** Side-view car about 60 units long. */
export function car(x: number, y: number, scale: number, color: string): string {
  return group({transform: translate(x, y, scale)}, [
    el('path', {d: 'M0 -8v-8q0-4 5-5l9-2 8-8q3-2 8-2h14q5 0 8 4l6 6q8 1 9 5v10z', fill: color}),
    el('path', {d: 'M17 -23l6-6h9v6zM35 -29h9l5 6h-14z', fill: '#dfe9f3'}),
    circle(14, -6, 6, '#222a38'),
    circle(50, -6, 6, '#222a38'),
  ])
}

/** City bus about 120 units long. */
export function bus(x: number, y: number, scale: number, color: string): string {
  const windows: string[] = []
  for (let i = 0; i < 6; i += 1) windows.push(rect(10 + i * 17, -38, 13, 14, '#dfe9f3'))
  return group({transform: translate(x, y, scale)}, [
    rect(0, -44, 122, 38, color, {rx: 6}),
    ...windows,
    rect(0, -20, 122, 4, '#fff', {opacity: 0.6}),
    circle(22, -6, 7, '#222a38'),
    circle(100, -6, 7, '#222a38'),
  ])
}

/** Train of `cars` coaches, each 100 units long. */
export function train(
  x: number,
  y: number,
  scale: number,
  cars: number,
  color: string,
  stripe: string,
): string {
  const parts: string[] = []
  for (let i = 0; i < cars; i += 1) {
    const left = i * 104
    parts.push(rect(left, -34, 100, 30, color, {rx: i === 0 ? 14 : 3}))
    for (let w = 0; w < 5; w += 1) parts.push(rect(left + 10 + w * 18, -28, 12, 10, '#2e3a55'))
    parts.push(rect(left, -14, 100, 4, stripe))
  }
  return group({transform: translate(x, y, scale)}, parts)
}

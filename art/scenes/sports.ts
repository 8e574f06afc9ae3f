import {palette} from './palette.ts'
import {el, group, n, rect, type Scene} from './svg.ts'

/** The sports-park stadium seen from above at an angle: roof ring, stands, lit pitch, masts. */
export function stadium(
  scene: Scene,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  lit: boolean,
): string {
  const wall = ry * 0.45
  const ringColor = lit ? '#d9dde6' : '#f4f6f9'
  const masts: string[] = []
  for (const [dx, dy] of [
    [-0.92, -0.35],
    [0.92, -0.35],
    [-0.7, 0.7],
    [0.7, 0.7],
  ] as const) {
    const x = cx + dx * rx
    const y = cy + dy * ry
    masts.push(
      rect(x - 1.5, y - ry * 0.9, 3, ry * 0.9, '#8a93a6'),
      rect(x - 9, y - ry * 0.9 - 6, 18, 7, lit ? '#fff6d8' : '#cfd6e2'),
    )
    if (lit)
      masts.push(
        el('ellipse', {
          cx: x,
          cy: y - ry * 0.9 - 3,
          rx: 40,
          ry: 26,
          fill: scene.radial('floodlight', [
            {offset: 0, color: '#fff6d0', opacity: 0.8},
            {offset: 1, color: '#fff6d0', opacity: 0},
          ]),
        }),
      )
  }
  return group({}, [
    el('ellipse', {cx, cy: cy + wall, rx, ry, fill: lit ? '#5d6680' : '#b9c2d0'}),
    rect(cx - rx, cy, rx * 2, wall, lit ? '#5d6680' : '#b9c2d0'),
    // Glazed band along the outer wall.
    rect(cx - rx, cy + wall * 0.35, rx * 2, wall * 0.25, lit ? palette.windowWarm : '#8fb3d3', {
      opacity: lit ? 0.55 : 0.8,
    }),
    el('ellipse', {cx, cy, rx, ry, fill: ringColor}),
    el('ellipse', {
      cx,
      cy: cy + ry * 0.04,
      rx: rx * 0.82,
      ry: ry * 0.74,
      fill: lit ? '#3f4763' : '#7d8799',
    }),
    el('ellipse', {
      cx,
      cy: cy + ry * 0.08,
      rx: rx * 0.6,
      ry: ry * 0.5,
      fill: lit ? '#3f8f5c' : palette.park,
    }),
    el('ellipse', {
      cx,
      cy: cy + ry * 0.08,
      rx: rx * 0.5,
      ry: ry * 0.38,
      fill: 'none',
      stroke: '#fff',
      'stroke-width': 1.5,
      opacity: 0.7,
    }),
    el('path', {
      d: `M${n(cx)} ${n(cy + ry * 0.08 - ry * 0.38)}v${n(ry * 0.76)}`,
      stroke: '#fff',
      'stroke-width': 1.5,
      opacity: 0.7,
    }),
    ...masts,
  ])
}

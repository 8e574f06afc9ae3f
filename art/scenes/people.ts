import {circle, el, instance, n, type Scene, translate} from './svg.ts'

export type Pose = 'walk' | 'stand' | 'child'

// Figures are about 100 units tall and tinted via `color`.
function personSymbol(scene: Scene, pose: Pose): string {
  return scene.symbol(`person-${pose}`, () => {
    if (pose === 'child') {
      return [
        circle(0, -58, 9, 'currentColor'),
        el('path', {d: 'M-9 -47h18l3 26h-6v21h-5v-21h-2v21h-5v-21h-6z', fill: 'currentColor'}),
      ]
    }
    if (pose === 'walk') {
      return [
        circle(1, -90, 9, 'currentColor'),
        el('path', {
          d: 'M-9 -78q10-4 20 0l4 34h-6l-1-8-4 21 9 31h-8l-8-26-6 26h-8l6-34-1-18-3 8h-6z',
          fill: 'currentColor',
        }),
      ]
    }
    return [
      circle(0, -90, 9, 'currentColor'),
      el('path', {
        d: 'M-11 -78q11-4 22 0l3 36h-5v42h-7v-36h-4v36h-7v-42h-5z',
        fill: 'currentColor',
      }),
    ]
  })
}

export function person(
  scene: Scene,
  pose: Pose,
  x: number,
  y: number,
  height: number,
  color: string,
  facingLeft = false,
): string {
  const transform = facingLeft
    ? `${translate(x, y)} scale(${n(-height / 100, 3)} ${n(height / 100, 3)})`
    : translate(x, y, height / 100)
  return instance(personSymbol(scene, pose), {transform, color})
}

// Line icons for the information sheets, drawn in a 48 x 48 box centred on the origin.
import {el} from './svg.ts'

const icons = {
  notice: 'M-14 -20h20l10 10v30h-30zM6 -20v10h10M-8 -4h16M-8 4h16M-8 12h10',
  apply: 'M-14 -16h28v36h-28zM-6 -20h12v8h-12zM-7 4l5 5l10 -11',
  winner: 'M0 -20l6 12l13 2l-9.5 9l2.5 13l-12 -6.5l-12 6.5l2.5 -13l-9.5 -9l13 -2z',
  documents: 'M-20 -12h14l4 5h22v25h-40zM-20 -4h40',
  contract: 'M-18 16h36M-12 8l20 -22l6 6l-20 22l-8 2zM4 -10l6 6',
  home: 'M-20 0l20 -18l20 18M-14 -5v23h28v-23M-5 18v-11h10v11',
  shield: 'M0 -20l17 6v10c0 12 -8 20 -17 24c-9 -4 -17 -12 -17 -24v-10zM-7 0l5 5l10 -10',
  chart: 'M-20 18h40M-14 18v-10M-4 18v-16M6 18v-22M16 -14l-28 16',
  calendar: 'M-18 -14h36v32h-36zM-18 -4h36M-9 -20v10M9 -20v10M-9 5h4M2 5h4M-9 12h4',
  key: 'M-8 -8a10 10 0 1 0 0.1 0M0 0l18 18M10 10l5 -5M14 14l4 -4',
  person: 'M0 -4a8 8 0 1 0 0.1 0M-16 20c2 -10 8 -14 16 -14s14 4 16 14',
  building:
    'M-16 20v-36h20v36M4 -6h14v26M-10 -10h4M-10 -2h4M-10 ' +
    '6h4M-2 -10h2M-2 -2h2M-2 6h2M9 2h4M9 10h4M-22 20h44',
  stadium:
    'M0 -14c14 0 22 6 22 14s-8 14 -22 14s-22 -6 -22 -14s8 -14 22 ' +
    '-14zM0 -6c8 0 12 3 12 6s-4 6 -12 6s-12 -3 -12 -6s4 -6 12 -6z',
  community: 'M-20 20v-22l20 -16l20 16v22zM-8 20v-12h16v12M-14 -2h6M8 -2h6',
  train:
    'M-12 -18h24a4 4 0 0 1 4 4v22a4 4 0 0 1 -4 4h-24a4 4 0 0 1 -4 ' +
    '-4v-22a4 4 0 0 1 4 -4zM-16 -2h32M-8 16l-6 6M8 16l6 6M-8 8h1M7 8h1',
  school: 'M-22 -6l22 -12l22 12l-22 12zM-14 -2v12c8 6 20 6 28 0v-12M22 -6v14',
  lake:
    'M-22 -4c5 -5 10 -5 15 0s10 5 15 0s10 -5 14 0M-22 6c5 -5 10 -5 15 ' +
    '0s10 5 15 0s10 -5 14 0M-22 16c5 -5 10 -5 15 0s10 5 15 0s10 -5 14 0',
  check: 'M-8 0l6 6l12 -12',
} as const

export type IconName = keyof typeof icons

export function icon(name: IconName, x: number, y: number, color: string, scale = 1): string {
  return el('path', {
    d: icons[name],
    transform: scale === 1 ? `translate(${x} ${y})` : `translate(${x} ${y}) scale(${scale})`,
    fill: 'none',
    stroke: color,
    'stroke-width': 3 / scale,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  })
}

import {complex} from './complex.ts'
import {treeBelt} from './nature.ts'
import {lake, moodColors} from './outdoor.ts'
import {outlinedText} from './outlined-text.ts'
import {koreanFont, palette} from './palette.ts'
import {sky, hills} from './sky.ts'
import {circle, el, group, instance, rect, Rng, Scene, translate} from './svg.ts'

interface MarkColors {
  roof: string
  sun: string
  water: string
}

/**
 * The 솔담 symbol on a 48-unit square: a sun resting on a gabled roofline over two lake waves:
 * home, warmth and the lake in one mark.
 */
function brandMark(x: number, y: number, size: number, colors: MarkColors): string {
  return group({transform: translate(x, y, size / 48)}, [
    circle(24, 19, 8.5, colors.sun),
    el('path', {d: 'M4 29L24 12L44 29', stroke: colors.roof, 'stroke-width': 5, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round'}),
    el('path', {d: 'M6 37q4.5-4 9 0t9 0t9 0t9 0M10 44q3.5-3 7 0t7 0t7 0t7 0', stroke: colors.water, 'stroke-width': 3.4, fill: 'none', 'stroke-linecap': 'round'}),
  ])
}

function text(content: string, attrs: Record<string, string | number>): string {
  return el('text', {'font-family': koreanFont, ...attrs}, content)
}

function logo(dark: boolean): string {
  const scene = new Scene(240, 64)
  const ink = dark ? palette.white : palette.navy
  scene.add(
    brandMark(6, 8, 48, {roof: ink, sun: palette.pink, water: dark ? palette.lakeLight : palette.lake}),
    outlinedText('솔담 레이크파크', {x: 64, y: 35, size: 22, weight: 800, fill: ink, letterSpacing: -0.4}),
    outlinedText('SOLDAM LAKE PARK', {x: 65, y: 52, size: 9.5, weight: 600, fill: dark ? '#c9d3e6' : palette.grey500, letterSpacing: 2.6}),
  )
  return scene.toString()
}

export const logoLight = (): string => logo(false)
export const logoWhite = (): string => logo(true)

/** Desktop header banner: the interest-registration call to action in the brand pink. */
export function headerBanner(): string {
  const scene = new Scene(360, 72)
  const fill = scene.linear('cta', [{offset: 0, color: '#e85a8c'}, {offset: 1, color: '#c9356a'}], {x2: 1, y2: 0})
  scene.add(
    rect(0, 0, 360, 72, fill, {rx: 12}),
    circle(330, 8, 46, '#fff', {opacity: 0.08}),
    circle(36, 36, 22, '#fff'),
    // Bell icon: an invitation to get news first.
    el('path', {d: 'M36 24c-6 0-9 4.5-9 10v6l-3 3h24l-3-3v-6c0-5.5-3-10-9-10zM32.5 45a3.5 3.5 0 0 0 7 0z', fill: palette.pink}),
    outlinedText('관심고객 등록 진행중', {x: 70, y: 33, size: 20, weight: 800, fill: '#fff', letterSpacing: -0.3}),
    outlinedText('분양 소식을 가장 먼저 · 1661-0440', {x: 70, y: 54, size: 13, weight: 500, fill: '#fff', extra: {opacity: 0.92}}),
    el('path', {d: 'M332 28l8 8-8 8', stroke: '#fff', 'stroke-width': 3, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round'}),
  )
  return scene.toString()
}

/** Sharing image source (1200x630), rendered to PNG by scripts/render-og.ts. */
export function ogDefault(): string {
  const scene = new Scene(1200, 630)
  const rng = new Rng(440)
  const c = moodColors.dusk
  scene.add(sky(scene, 'dusk', 420, rng, 900), hills(scene, rng, 420, 90, c.farHill, 0.6), rect(0, 418, 1200, 212, '#2c4a43'))
  scene.symbol('og-complex', () => [
    complex(scene, 'dusk', rng, {centerX: 880, backY: 440, frontY: 500, backScale: 1.0, frontScale: 1.3, lit: 0.4, treeColors: c.trees, front: [6, 5, 6, 5], gap: 44}),
    treeBelt(scene, rng, {x0: 500, x1: 1200, y: 506, spread: 4, size: [28, 44], colors: c.trees, gap: 24}),
  ])
  const shadeLeft = scene.linear('og-shade', [{offset: 0, color: palette.navyDeep, opacity: 0.92}, {offset: 0.55, color: palette.navyDeep, opacity: 0.55}, {offset: 1, color: palette.navyDeep, opacity: 0}], {x2: 1, y2: 0})
  scene.add(
    instance('#og-complex'),
    lake(scene, rng, 'dusk', 510, '#og-complex'),
    rect(0, 0, 1200, 630, shadeLeft),
    brandMark(72, 70, 64, {roof: '#fff', sun: palette.pink, water: palette.lakeLight}),
    text('솔담 레이크파크', {x: 72, y: 222, 'font-size': 72, 'font-weight': 800, fill: '#fff', 'letter-spacing': -1.5}),
    text('440세대 장기일반민간임대', {x: 74, y: 286, 'font-size': 38, 'font-weight': 700, fill: '#fff'}),
    text('10년 살아보고 결정하는 호수공원 앞 새 아파트', {x: 74, y: 336, 'font-size': 26, 'font-weight': 500, fill: palette.sand}),
    rect(72, 420, 368, 84, palette.pink, {rx: 42}),
    text('분양문의 1661-0440', {x: 256, y: 474, 'font-size': 34, 'font-weight': 800, fill: '#fff', 'text-anchor': 'middle'}),
    text('24시간 상담', {x: 466, y: 472, 'font-size': 24, 'font-weight': 600, fill: '#fff', opacity: 0.85}),
  )
  return scene.toString()
}

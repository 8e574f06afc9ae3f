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
 * The 솔담 symbol on a 48-unit square: a sun resting on a gabled roofline over the water of
 * the site, two lake waves for Lakepark, a river flowing under a bridge for Riverpark:
 * home, warmth and the place in one mark.
 */
function brandMark(
  x: number,
  y: number,
  size: number,
  colors: MarkColors,
  water: 'lake' | 'river' = 'lake',
): string {
  const waterPaths =
    water === 'lake'
      ? [
          el('path', {
            d: 'M6 37q4.5-4 9 0t9 0t9 0t9 0M10 44q3.5-3 7 0t7 0t7 0t7 0',
            stroke: colors.water,
            'stroke-width': 3.4,
            fill: 'none',
            'stroke-linecap': 'round',
          }),
        ]
      : [
          el('path', {
            d: 'M5 39q19-9 38 0',
            stroke: colors.water,
            'stroke-width': 3.4,
            fill: 'none',
            'stroke-linecap': 'round',
          }),
          el('path', {
            d: 'M8 45c6-3 10 1 16-1s10-3 16 0',
            stroke: colors.water,
            'stroke-width': 3.4,
            fill: 'none',
            'stroke-linecap': 'round',
          }),
        ]
  return group({transform: translate(x, y, size / 48)}, [
    circle(24, 19, 8.5, colors.sun),
    el('path', {
      d: 'M4 29L24 12L44 29',
      stroke: colors.roof,
      'stroke-width': 5,
      fill: 'none',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    ...waterPaths,
  ])
}

function text(content: string, attrs: Record<string, string | number>): string {
  return el('text', {'font-family': koreanFont, ...attrs}, content)
}

interface LogoName {
  korean: string
  english: string
  water: 'lake' | 'river'
  /** The water's colour on a light and on a dark ground. */
  waterColors: [string, string]
}

const LAKEPARK: LogoName = {
  korean: '솔담 레이크파크',
  english: 'SOLDAM LAKE PARK',
  water: 'lake',
  waterColors: [palette.lake, palette.lakeLight],
}
const RIVERPARK: LogoName = {
  korean: '솔담 리버파크',
  english: 'SOLDAM RIVER PARK',
  water: 'river',
  waterColors: [palette.park, palette.parkLight],
}

function logo(name: LogoName, dark: boolean): string {
  const scene = new Scene(240, 64)
  const ink = dark ? palette.white : palette.navy
  scene.add(
    brandMark(
      6,
      8,
      48,
      {roof: ink, sun: palette.pink, water: name.waterColors[dark ? 1 : 0]},
      name.water,
    ),
    outlinedText(name.korean, {
      x: 64,
      y: 35,
      size: 22,
      weight: 800,
      fill: ink,
      letterSpacing: -0.4,
    }),
    outlinedText(name.english, {
      x: 65,
      y: 52,
      size: 9.5,
      weight: 600,
      fill: dark ? '#c9d3e6' : palette.grey500,
      letterSpacing: name.english.length > 16 ? 2.1 : 2.6,
    }),
  )
  return scene.toString()
}

export const logoLight = (): string => logo(LAKEPARK, false)
export const logoWhite = (): string => logo(LAKEPARK, true)
export const riverparkLogoLight = (): string => logo(RIVERPARK, false)
export const riverparkLogoWhite = (): string => logo(RIVERPARK, true)

/**
 * Desktop header banner: the ground of the interest-registration call to action, in the
 * brand pink, dark enough for white text. It carries no lettering: the site sets the
 * banner's words over it as text, from the content.
 */
export function headerBanner(): string {
  const scene = new Scene(400, 80)
  const fill = scene.linear(
    'cta',
    [
      {offset: 0, color: '#d6336c'},
      {offset: 1, color: '#a8214f'},
    ],
    {x2: 1, y2: 0},
  )
  scene.add(
    rect(0, 0, 400, 80, fill, {rx: 14}),
    circle(372, 6, 52, '#fff', {opacity: 0.07}),
    circle(40, 40, 24, '#fff'),
    // Bell icon: an invitation to get news first.
    el('path', {
      d:
        'M40 27c-6.5 0-9.8 4.9-9.8 10.9v6.5l-3.2 ' +
        '3.3h26l-3.2-3.3v-6.5c0-6-3.3-10.9-9.8-10.9zM36.2 50a3.8 3.8 0 0 0 7.6 0z',
      fill: '#c42a60',
    }),
    el('path', {
      d: 'M368 31l9 9-9 9',
      stroke: '#fff',
      'stroke-width': 3.4,
      fill: 'none',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
  )
  return scene.toString()
}

/** Sharing image source (1200x630), rendered to PNG by scripts/render-og.ts. */
export function ogDefault(): string {
  const scene = new Scene(1200, 630)
  const rng = new Rng(440)
  const c = moodColors.dusk
  scene.add(
    sky(scene, 'dusk', 420, rng, 900),
    hills(scene, rng, 420, 90, c.farHill, 0.6),
    rect(0, 418, 1200, 212, '#2c4a43'),
  )
  scene.symbol('og-complex', () => [
    complex(scene, 'dusk', rng, {
      centerX: 880,
      backY: 440,
      frontY: 500,
      backScale: 1.0,
      frontScale: 1.3,
      lit: 0.4,
      treeColors: c.trees,
      front: [6, 5, 6, 5],
      gap: 44,
    }),
    treeBelt(scene, rng, {
      x0: 500,
      x1: 1200,
      y: 506,
      spread: 4,
      size: [28, 44],
      colors: c.trees,
      gap: 24,
    }),
  ])
  const shadeLeft = scene.linear(
    'og-shade',
    [
      {offset: 0, color: palette.navyDeep, opacity: 0.92},
      {offset: 0.55, color: palette.navyDeep, opacity: 0.55},
      {offset: 1, color: palette.navyDeep, opacity: 0},
    ],
    {x2: 1, y2: 0},
  )
  scene.add(
    instance('#og-complex'),
    lake(scene, rng, 'dusk', 510, '#og-complex'),
    rect(0, 0, 1200, 630, shadeLeft),
    brandMark(72, 70, 64, {roof: '#fff', sun: palette.pink, water: palette.lakeLight}),
    text('솔담 레이크파크', {
      x: 72,
      y: 222,
      'font-size': 72,
      'font-weight': 800,
      fill: '#fff',
      'letter-spacing': -1.5,
    }),
    text('440세대 장기일반민간임대', {
      x: 74,
      y: 286,
      'font-size': 38,
      'font-weight': 700,
      fill: '#fff',
    }),
    text('10년 살아보고 결정하는 호수공원 앞 새 아파트', {
      x: 74,
      y: 336,
      'font-size': 26,
      'font-weight': 500,
      fill: palette.sand,
    }),
    rect(72, 420, 368, 84, palette.pink, {rx: 42}),
    text('분양문의 1661-0440', {
      x: 256,
      y: 474,
      'font-size': 34,
      'font-weight': 800,
      fill: '#fff',
      'text-anchor': 'middle',
    }),
    text('24시간 상담', {
      x: 466,
      y: 472,
      'font-size': 24,
      'font-weight': 600,
      fill: '#fff',
      opacity: 0.85,
    }),
  )
  return scene.toString()
}

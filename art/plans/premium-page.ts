// 프리미엄 page: the four premiums and the seven themes of the mobile premium slider.
import type {IconName} from './icons.ts'
import {icon} from './icons.ts'
import {colors, el, svgDocument, text} from './svg.ts'

const width = 1400
const height = 1800

const premiums: {title: string; lines: [string, string]; icon: IconName; color: string}[] = [
  {title: '440세대 랜드마크', lines: ['지하 3층~지상 15층 9개동', '호수공원 앞 대단지 랜드마크'], icon: 'building', color: colors.navy},
  {title: '스포츠파크 직주근접', lines: ['종합운동장을 품은 스포츠파크', '산업단지까지 가까운 출퇴근'], icon: 'stadium', color: colors.park},
  {title: '프리미엄 커뮤니티', lines: ['피트니스센터·독서실·카페', '실내골프연습장까지 단지 안에서'], icon: 'community', color: colors.lake},
  {title: '10년 살아보고 결정', lines: ['장기일반민간임대로 10년 거주', '이후 분양전환을 선택하는 혜택'], icon: 'key', color: colors.pink},
]

const themes: {label: string; icon: IconName}[] = [
  {label: '랜드마크', icon: 'building'},
  {label: '스포츠파크', icon: 'stadium'},
  {label: '커뮤니티', icon: 'community'},
  {label: '10년 임대', icon: 'key'},
  {label: '교통', icon: 'train'},
  {label: '교육', icon: 'school'},
  {label: '호수공원', icon: 'lake'},
]

function premiumCard(index: number): string {
  const p = premiums[index]
  if (p === undefined) return ''
  const x = 80 + (index % 2) * 630
  const y = 420 + Math.floor(index / 2) * 470
  return el('g', {}, [
    el('rect', {x, y, width: 610, height: 440, rx: 24, fill: colors.white, stroke: colors.grey100, 'stroke-width': 2}),
    el('path', {d: `M${x} ${y + 24}a24 24 0 0 1 24 -24h562a24 24 0 0 1 24 24v196h-610z`, fill: p.color}),
    el('circle', {cx: x + 470, cy: y + 110, r: 108, fill: colors.white, opacity: 0.1}),
    el('circle', {cx: x + 540, cy: y + 84, r: 60, fill: colors.white, opacity: 0.08}),
    icon(p.icon, x + 470, y + 110, colors.white, 2.2),
    text(x + 44, y + 92, `PREMIUM ${String(index + 1).padStart(2, '0')}`, {'font-size': 18, 'font-weight': 700, fill: colors.white, opacity: 0.85, 'letter-spacing': 3}),
    text(x + 40, y + 160, String(index + 1).padStart(2, '0'), {'font-size': 64, 'font-weight': 800, fill: colors.white}),
    text(x + 44, y + 286, p.title, {'font-size': 36, 'font-weight': 800, fill: colors.navy}),
    el('path', {d: `M${x + 44} ${y + 312}h48`, stroke: p.color, 'stroke-width': 4}),
    text(x + 44, y + 358, p.lines[0], {'font-size': 21, fill: colors.grey700}),
    text(x + 44, y + 392, p.lines[1], {'font-size': 21, fill: colors.grey700}),
  ])
}

function themeStrip(top: number): string {
  const gap = 176
  const left = 700 - (gap * (themes.length - 1)) / 2
  return el('g', {}, [
    text(700, top, '7가지 테마로 보는 솔담 레이크파크', {'font-size': 34, 'font-weight': 800, fill: colors.navy, 'text-anchor': 'middle'}),
    ...themes.map((t, i) => {
      const x = left + i * gap
      return el('g', {}, [
        el('circle', {cx: x, cy: top + 120, r: 62, fill: i < 4 ? colors.navy : colors.white, stroke: colors.navy, 'stroke-width': 3}),
        icon(t.icon, x, top + 120, i < 4 ? colors.white : colors.navy, 1.4),
        text(x, top + 222, t.label, {'font-size': 22, 'font-weight': 700, fill: colors.navy, 'text-anchor': 'middle'}),
      ])
    }),
  ])
}

export function renderPremiumPage(): string {
  return svgDocument(
    width,
    height,
    [
      el('rect', {width, height, fill: colors.grey50}),
      el('rect', {width, height: 360, fill: 'url(#premiumSky)'}),
      text(700, 140, 'PREMIUM', {'font-size': 22, 'font-weight': 700, fill: colors.sand, 'text-anchor': 'middle', 'letter-spacing': 8}),
      text(700, 222, '솔담 레이크파크 프리미엄', {'font-size': 62, 'font-weight': 800, fill: colors.white, 'text-anchor': 'middle'}),
      text(700, 282, '호수와 스포츠파크 사이, 10년을 먼저 살아보는 특별한 선택', {'font-size': 24, fill: '#d5dcea', 'text-anchor': 'middle'}),
      ...premiums.map((_, i) => premiumCard(i)),
      el('rect', {x: 80, y: 1380, width: 1240, height: 330, rx: 24, fill: colors.white, stroke: colors.grey100, 'stroke-width': 2}),
      themeStrip(1450),
      text(700, 1762, '※ 이미지와 내용은 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있습니다.', {'font-size': 16, fill: colors.grey500, 'text-anchor': 'middle'}),
    ],
    [
      el('linearGradient', {id: 'premiumSky', x1: 0, y1: 0, x2: 0, y2: 1}, [
        el('stop', {offset: 0, 'stop-color': colors.navy}),
        el('stop', {offset: 1, 'stop-color': '#24406e'}),
      ]),
    ],
  )
}

// 분양일정: the six steps from the recruitment notice to moving in; dates follow the notice.
import type {IconName} from './icons.ts'
import {icon} from './icons.ts'
import {colors, el, svgDocument, text} from './svg.ts'

const width = 1200
const height = 800

const steps: {title: string; detail: string; icon: IconName}[] = [
  {title: '모집공고', detail: '입주자 모집 안내', icon: 'notice'},
  {title: '청약접수', detail: '인터넷·현장 접수', icon: 'apply'},
  {title: '당첨자 발표', detail: '개별 안내', icon: 'winner'},
  {title: '서류접수', detail: '자격 확인', icon: 'documents'},
  {title: '계약', detail: '임대차 계약 체결', icon: 'contract'},
  {title: '입주', detail: '입주 지정기간', icon: 'home'},
]

export function renderSalesSchedule(): string {
  const left = 125
  const gap = 190
  const cy = 400
  const last = steps.length - 1
  return svgDocument(width, height, [
    el('rect', {width, height, fill: colors.white}),
    el('rect', {width, height: 230, fill: colors.navy}),
    text(80, 104, 'SCHEDULE', {
      'font-size': 16,
      'font-weight': 600,
      fill: colors.sand,
      'letter-spacing': 4,
    }),
    text(78, 160, '분양일정', {'font-size': 52, 'font-weight': 800, fill: colors.white}),
    text(1120, 160, '솔담 레이크파크 입주자 모집 일정', {
      'font-size': 18,
      fill: '#c5cde0',
      'text-anchor': 'end',
    }),
    el('path', {
      d: `M${left} ${cy}H${left + gap * last}`,
      stroke: colors.grey300,
      'stroke-width': 4,
    }),
    el('path', {
      d: `M${left} ${cy}H${left + gap * last}`,
      stroke: colors.lake,
      'stroke-width': 4,
      'stroke-dasharray': '2 10',
      'stroke-linecap': 'round',
    }),
    ...steps.map((step, i) => {
      const x = left + i * gap
      const accent = i === last ? colors.pink : colors.navy
      return el('g', {}, [
        text(x, cy - 92, String(i + 1).padStart(2, '0'), {
          'font-size': 15,
          'font-weight': 800,
          fill: i === last ? colors.pink : colors.lake,
          'text-anchor': 'middle',
          'letter-spacing': 1,
        }),
        el('circle', {
          cx: x,
          cy,
          r: 58,
          fill: i === last ? colors.pink : colors.white,
          stroke: accent,
          'stroke-width': 3,
        }),
        icon(step.icon, x, cy, i === last ? colors.white : colors.navy),
        text(x, cy + 100, step.title, {
          'font-size': 22,
          'font-weight': 800,
          fill: colors.navy,
          'text-anchor': 'middle',
        }),
        text(x, cy + 128, step.detail, {
          'font-size': 14,
          fill: colors.grey500,
          'text-anchor': 'middle',
        }),
        el('rect', {
          x: x - 56,
          y: cy + 148,
          width: 112,
          height: 34,
          rx: 17,
          fill: colors.grey50,
          stroke: colors.grey300,
        }),
        text(x, cy + 171, '추후 공지', {
          'font-size': 15,
          'font-weight': 700,
          fill: colors.grey700,
          'text-anchor': 'middle',
        }),
      ])
    }),
    el('rect', {x: 80, y: 660, width: 1040, height: 90, rx: 14, fill: colors.sandLight}),
    el('g', {'font-size': 15, fill: colors.grey700}, [
      text(
        110,
        698,
        '※ 세부 일정과 장소는 입주자 모집공고를 통해 ' +
          '안내되며, 사업 여건에 따라 변경될 수 있습니다.',
      ),
      text(110, 726, '※ 관심고객으로 등록하시면 일정이 확정되는 대로 가장 먼저 알려 드립니다.'),
    ]),
  ])
}

// 장기일반민간임대 안내: ten years of renting, then the choice to buy, as an infographic.
import type {IconName} from './icons.ts'
import {icon} from './icons.ts'
import {colors, el, svgDocument, text} from './svg.ts'

const width = 1200
const height = 1600

const benefits: {title: string; lines: [string, string]; icon: IconName; color: string}[] = [
  {
    title: '임대보증금 100% 보증',
    lines: ['임대보증금 보증 가입으로', '보증금 전액을 안전하게 지킵니다.'],
    icon: 'shield',
    color: colors.lake,
  },
  {
    title: '임대료 상승률 5% 이내',
    lines: ['재계약 때 임대료 증액은', '법정 상한 5% 이내로 제한됩니다.'],
    icon: 'chart',
    color: colors.park,
  },
  {
    title: '최대 10년 안정 거주',
    lines: ['임대인이 임의로 계약을 끝낼 수 없어', '이사 걱정 없이 오래 삽니다.'],
    icon: 'key',
    color: colors.navy,
  },
  {
    title: '취득세·재산세 부담 없음',
    lines: ['소유가 아닌 임대 거주이므로', '취득세와 재산세가 없습니다.'],
    icon: 'home',
    color: colors.pink,
  },
]

const eligibility: [string, string][] = [
  ['무주택 세대구성원', '모집공고일 기준 세대원 전원이 주택을 소유하지 않은 분'],
  ['만 19세 이상 성년자', '국내에 거주하는 세대주 또는 세대원'],
  ['청약통장 필요 없음', '청약통장 가입 여부와 관계없이 신청할 수 있습니다'],
  ['당첨 이력 무관', '기존 청약 당첨 이력과 관계없이 신청할 수 있습니다'],
]

function timeline(top: number): string {
  const left = 120
  const yearWidth = 82
  const years = Array.from({length: 10}, (_, i) => i)
  const end = left + yearWidth * 10
  return el('g', {}, [
    text(80, top, '10년 임대 후 분양전환', {
      'font-size': 30,
      'font-weight': 800,
      fill: colors.navy,
    }),
    text(80, top + 36, '먼저 살아보고, 10년 뒤 내 집으로 할지 결정하세요.', {
      'font-size': 18,
      fill: colors.grey700,
    }),
    ...years.map((i) =>
      el('g', {}, [
        el('rect', {
          x: left + i * yearWidth,
          y: top + 90,
          width: yearWidth - 6,
          height: 56,
          rx: 8,
          fill: i < 9 ? colors.lake : colors.navy,
          opacity: 0.45 + i * 0.06,
        }),
        text(left + i * yearWidth + (yearWidth - 6) / 2, top + 125, `${i + 1}년`, {
          'font-size': 16,
          'font-weight': 700,
          fill: colors.white,
          'text-anchor': 'middle',
        }),
      ]),
    ),
    el('path', {
      d: `M${left} ${top + 170}v10H${end - 6}v-10`,
      fill: 'none',
      stroke: colors.grey500,
      'stroke-width': 1.5,
    }),
    text((left + end) / 2, top + 206, '임대 거주 10년 · 보증금과 임대료 외 추가 부담 없이 거주', {
      'font-size': 16,
      fill: colors.grey700,
      'text-anchor': 'middle',
    }),
    text(left - 10, top + 72, '입주', {'font-size': 16, 'font-weight': 800, fill: colors.lake}),
    el('path', {d: `M${end} ${top + 118}h40`, stroke: colors.navy, 'stroke-width': 3}),
    el('path', {d: `M${end + 40} ${top + 118}l-12 -8v16z`, fill: colors.navy}),
  ])
}

function choices(top: number): string {
  const boxes: {x: number; title: string; text: string; fill: string; ink: string}[] = [
    {
      x: 80,
      title: '분양전환 선택',
      text: '10년 뒤 시세와 조건을 보고 우선 분양받기',
      fill: colors.pink,
      ink: colors.white,
    },
    {
      x: 620,
      title: '계약 종료',
      text: '분양을 원하지 않으면 보증금을 돌려받고 이사',
      fill: colors.white,
      ink: colors.navy,
    },
  ]
  return el('g', {}, [
    el('path', {
      d: `M600 ${top - 40}v20M340 ${top - 20}H860M340 ${top - 20}v20M860 ${top - 20}v20`,
      fill: 'none',
      stroke: colors.navy,
      'stroke-width': 3,
    }),
    ...boxes.map((b) =>
      el('g', {}, [
        el('rect', {
          x: b.x,
          y: top,
          width: 500,
          height: 120,
          rx: 16,
          fill: b.fill,
          stroke: colors.pink,
          'stroke-width': 2,
        }),
        text(b.x + 250, top + 52, b.title, {
          'font-size': 26,
          'font-weight': 800,
          fill: b.ink,
          'text-anchor': 'middle',
        }),
        text(b.x + 250, top + 88, b.text, {'font-size': 16, fill: b.ink, 'text-anchor': 'middle'}),
      ]),
    ),
  ])
}

function benefitCards(top: number): string {
  return el('g', {}, [
    text(80, top, '안심하고 오래 사는 이유', {
      'font-size': 30,
      'font-weight': 800,
      fill: colors.navy,
    }),
    ...benefits.map((b, i) => {
      const x = 80 + (i % 2) * 530
      const y = top + 36 + Math.floor(i / 2) * 176
      return el('g', {}, [
        el('rect', {
          x,
          y,
          width: 510,
          height: 160,
          rx: 18,
          fill: colors.grey50,
          stroke: colors.grey100,
        }),
        el('circle', {
          cx: x + 70,
          cy: y + 80,
          r: 42,
          fill: colors.white,
          stroke: b.color,
          'stroke-width': 3,
        }),
        icon(b.icon, x + 70, y + 80, b.color),
        text(x + 134, y + 62, b.title, {'font-size': 23, 'font-weight': 800, fill: colors.navy}),
        text(x + 134, y + 98, b.lines[0], {'font-size': 16, fill: colors.grey700}),
        text(x + 134, y + 124, b.lines[1], {'font-size': 16, fill: colors.grey700}),
      ])
    }),
  ])
}

function eligibilityList(top: number): string {
  return el('g', {}, [
    text(80, top, '신청 자격', {'font-size': 30, 'font-weight': 800, fill: colors.navy}),
    ...eligibility.map(([title, detail], i) => {
      const y = top + 24 + i * 62
      return el('g', {}, [
        el('circle', {cx: 104, cy: y + 30, r: 18, fill: colors.park}),
        icon('check', 104, y + 30, colors.white, 0.9),
        text(140, y + 37, title, {'font-size': 20, 'font-weight': 800, fill: colors.navy}),
        text(1120, y + 36, detail, {'font-size': 16, fill: colors.grey700, 'text-anchor': 'end'}),
        el('path', {d: `M80 ${y + 62}H1120`, stroke: colors.grey100}),
      ])
    }),
  ])
}

export function renderRentalGuide(): string {
  return svgDocument(width, height, [
    el('rect', {width, height, fill: colors.white}),
    el('rect', {width, height: 260, fill: colors.navy}),
    text(80, 100, 'RENTAL GUIDE', {
      'font-size': 16,
      'font-weight': 600,
      fill: colors.sand,
      'letter-spacing': 4,
    }),
    text(78, 162, '장기일반민간임대 안내', {
      'font-size': 52,
      'font-weight': 800,
      fill: colors.white,
    }),
    text(80, 210, '10년 살아보고 결정하는 새로운 내 집 마련', {'font-size': 22, fill: '#c5cde0'}),
    icon('key', 1060, 130, colors.sand, 2.2),
    timeline(330),
    choices(590),
    benefitCards(790),
    eligibilityList(1225),
    text(
      80,
      1570,
      '※ 임대 조건과 신청 자격의 세부 내용은 입주자 ' +
        '모집공고에 따르며, 관계 법령에 따라 달라질 수 있습니다.',
      {'font-size': 14, fill: colors.grey500},
    ),
  ])
}

// 호수조망 배치도: the same buildings as the site plan, coloured by outlook, with view cones.
import type {Building} from './complex-layout.ts'
import {buildings, lake, site} from './complex-layout.ts'
import {buildingMark} from './site-plan.ts'
import {colors, el, n, northArrow, svgDocument, text} from './svg.ts'

const width = 1600
const height = 900

const viewStyle: Record<Building['view'], {fill: string; cone: string; label: string}> = {
  lake: {fill: '#bcdaf2', cone: 'url(#coneLake)', label: '전면 호수조망'},
  partial: {fill: '#e3eff9', cone: 'url(#conePartial)', label: '부분 호수조망'},
  park: {fill: '#d6ead9', cone: 'url(#conePark)', label: '스포츠파크 조망'},
}

/** A wedge from the building towards the lake (west) or the sports park (east). */
function cone(b: Building): string {
  if (b.view === 'park') {
    const apex = b.x + 60
    return `M${apex} ${b.y}L1225 ${n(b.y - 120)}L1225 ${n(b.y + 120)}z`
  }
  const apex = b.x - (b.form === 'slab' ? 70 : 40)
  const spread = b.view === 'lake' ? 150 : 70
  return `M${apex} ${b.y}L300 ${n(b.y - spread)}L300 ${n(b.y + spread)}z`
}

function gradient(id: string, color: string, towardsWest: boolean): string {
  return el(
    'linearGradient',
    {id, x1: towardsWest ? 1 : 0, y1: 0, x2: towardsWest ? 0 : 1, y2: 0},
    [
      el('stop', {offset: 0, 'stop-color': color, 'stop-opacity': 0.55}),
      el('stop', {offset: 1, 'stop-color': color, 'stop-opacity': 0.04}),
    ],
  )
}

function legend(): string {
  const x = 1150
  const groups = (['lake', 'partial', 'park'] as const).map((view) => ({
    view,
    numbers: buildings
      .filter((b) => b.view === view)
      .map((b) => `${b.no}`)
      .join('·'),
  }))
  return el('g', {}, [
    text(x, 92, '호수조망 배치도', {'font-size': 36, 'font-weight': 800, fill: colors.navy}),
    text(x + 2, 122, 'LAKE VIEW LAYOUT', {
      'font-size': 13,
      'font-weight': 600,
      fill: colors.lake,
      'letter-spacing': 3,
    }),
    el('path', {d: `M${x} 146h60`, stroke: colors.pink, 'stroke-width': 4}),
    text(x, 190, '호수공원을 향해 열린 배치로', {
      'font-size': 18,
      'font-weight': 600,
      fill: colors.grey700,
    }),
    text(x, 216, '서측 동은 거실에서 호수를 바라봅니다.', {
      'font-size': 18,
      'font-weight': 600,
      fill: colors.grey700,
    }),
    ...groups.map((g, i) =>
      el('g', {transform: `translate(${x} ${270 + i * 92})`}, [
        el('rect', {width: 400, height: 76, rx: 12, fill: colors.white, stroke: colors.grey100}),
        el('rect', {
          x: 18,
          y: 22,
          width: 44,
          height: 32,
          rx: 6,
          fill: viewStyle[g.view].fill,
          stroke: colors.navy,
          'stroke-width': 1.5,
        }),
        text(80, 34, viewStyle[g.view].label, {
          'font-size': 17,
          'font-weight': 800,
          fill: colors.navy,
        }),
        text(80, 58, `${g.numbers}동`, {'font-size': 14, fill: colors.grey700}),
      ]),
    ),
    el('g', {'font-size': 12, fill: colors.grey500}, [
      text(x, 580, '※ 조망은 동·호수와 층에 따라 차이가 있으며,'),
      text(x, 600, '   주변 식재와 시설물에 의해 일부 가려질 수 있습니다.'),
      text(x, 626, '※ 조망 범위는 이해를 돕기 위한 표현입니다.'),
    ]),
    northArrow(x + 370, 84, 24),
  ])
}

export function renderLakeViewLayout(): string {
  const s = 0.9
  return svgDocument(
    width,
    height,
    [
      el('rect', {width, height, fill: '#f4f6f8'}),
      el('rect', {x: 1120, width: 480, height, fill: colors.white}),
      el('g', {transform: `scale(${s})`}, [
        el('path', {d: lake.outline, fill: 'url(#lakeWater)'}),
        text(lake.label.x - 30, lake.label.y, '호수공원', {
          'font-size': 40,
          'font-weight': 800,
          fill: colors.white,
          'text-anchor': 'middle',
        }),
        el('path', {
          d: site.outline,
          fill: '#e6efe2',
          stroke: colors.navy,
          'stroke-width': 2,
          'stroke-dasharray': '12 6',
        }),
        el('rect', {x: 1232, y: 40, width: 12, height: 860, fill: colors.park, opacity: 0.6}),
        text(1214, 470, '스포츠파크 방향', {
          'font-size': 16,
          'font-weight': 700,
          fill: colors.park,
          'text-anchor': 'middle',
          transform: 'rotate(90 1214 470)',
        }),
        ...buildings.map((b) => el('path', {d: cone(b), fill: viewStyle[b.view].cone})),
        ...buildings.map((b) => buildingMark(b.no, b.x, b.y, b.form, viewStyle[b.view].fill)),
      ]),
      legend(),
    ],
    [
      el('linearGradient', {id: 'lakeWater', x1: 0, y1: 0, x2: 1, y2: 1}, [
        el('stop', {offset: 0, 'stop-color': '#6fb0e0'}),
        el('stop', {offset: 1, 'stop-color': colors.lake}),
      ]),
      gradient('coneLake', colors.lake, true),
      gradient('conePartial', '#7fb4de', true),
      gradient('conePark', colors.park, false),
    ],
  )
}

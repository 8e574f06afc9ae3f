// 입지환경도: the complex between the lake and the sports park, with what lies around it.
import {colors, el, n, northArrow, svgDocument, text} from './svg.ts'

const width = 1600
const height = 1000
const home = {x: 800, y: 500}

interface Place {
  x: number
  y: number
  /** One or two characters drawn in the marker. */
  mark: string
  name: string
  time: string
  color: string
  /** Which side of the marker the label sits on. */
  side: 'left' | 'right'
}

const places: Place[] = [
  {
    x: 640,
    y: 790,
    mark: '초',
    name: '초등학교',
    time: '도보 5분',
    color: colors.lake,
    side: 'left',
  },
  {
    x: 975,
    y: 800,
    mark: '중',
    name: '중학교',
    time: '도보 10분',
    color: colors.lake,
    side: 'right',
  },
  {
    x: 560,
    y: 235,
    mark: '고',
    name: '고등학교',
    time: '차량 5분',
    color: colors.lake,
    side: 'left',
  },
  {
    x: 1330,
    y: 760,
    mark: '산단',
    name: '일반산업단지 · 업무지구',
    time: '차량 10분 직주근접',
    color: colors.pink,
    side: 'left',
  },
  {
    x: 250,
    y: 150,
    mark: '역',
    name: 'KTX역 · 고속버스터미널',
    time: '차량 15분',
    color: colors.navy,
    side: 'right',
  },
  {x: 1120, y: 200, mark: 'H', name: '종합병원', time: '차량 10분', color: '#d9534f', side: 'left'},
  {
    x: 1290,
    y: 470,
    mark: 'M',
    name: '대형마트 · 상업시설',
    time: '차량 5분',
    color: '#e08a2e',
    side: 'right',
  },
  {
    x: 1440,
    y: 115,
    mark: 'IC',
    name: '고속도로 IC',
    time: '차량 7분',
    color: colors.grey700,
    side: 'left',
  },
]

function labelFor(p: Place): string {
  const anchor = p.side === 'right' ? 'start' : 'end'
  const dx = p.side === 'right' ? 30 : -30
  const chipWidth = 14 + p.time.length * 12.5
  const chipX = p.side === 'right' ? p.x + dx : p.x + dx - chipWidth
  return el('g', {}, [
    text(p.x + dx, p.y - 4, p.name, {
      'font-size': 17,
      'font-weight': 800,
      fill: colors.navy,
      'text-anchor': anchor,
      stroke: '#f3f1ea',
      'stroke-width': 4,
      'paint-order': 'stroke',
    }),
    el('rect', {x: chipX, y: p.y + 5, width: chipWidth, height: 24, rx: 12, fill: p.color}),
    text(chipX + chipWidth / 2, p.y + 22, p.time, {
      'font-size': 13,
      'font-weight': 700,
      fill: colors.white,
      'text-anchor': 'middle',
    }),
  ])
}

function marker(p: Place): string {
  return el('g', {}, [
    el('circle', {cx: p.x, cy: p.y, r: 21, fill: colors.white, stroke: p.color, 'stroke-width': 3}),
    text(p.x, p.y + (p.mark.length > 1 ? 4.5 : 6), p.mark, {
      'font-size': p.mark.length > 1 ? 12 : 17,
      'font-weight': 800,
      fill: p.color,
      'text-anchor': 'middle',
    }),
  ])
}

function roads(): string {
  const arterial =
    'M0 740H1600M0 330C300 330 520 360 700 380S1100 ' +
    '380 1600 330M420 0V1000M1200 0V1000M820 740V1000'
  const expressway = 'M0 80C400 60 800 120 1100 100S1500 60 1600 70'
  return el('g', {fill: 'none'}, [
    el('path', {d: arterial, stroke: colors.white, 'stroke-width': 16}),
    el('path', {d: expressway, stroke: '#e7c27a', 'stroke-width': 22}),
    el('path', {
      d: expressway,
      stroke: colors.white,
      'stroke-width': 2,
      'stroke-dasharray': '18 12',
    }),
    el('path', {d: 'M1440 115L1380 330', stroke: '#e7c27a', 'stroke-width': 12}),
  ])
}

function industrialBlocks(): string {
  const d: string[] = []
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 4; col += 1) d.push(`M${1255 + col * 82} ${690 + row * 90}h64v62h-64z`)
  }
  return el('g', {}, [
    el('rect', {x: 1235, y: 670, width: 350, height: 300, rx: 16, fill: '#e4e1ee'}),
    el('path', {d: d.join(''), fill: '#cbc6dc'}),
  ])
}

function neighbourhood(): string {
  // Low-rise blocks around the complex give the map its urban texture.
  const d: string[] = []
  const spots: [number, number][] = [
    [120, 430],
    [200, 430],
    [120, 520],
    [200, 520],
    [120, 680],
    [200, 680],
    [300, 760],
    [120, 800],
    [560, 880],
    [880, 680],
    [960, 680],
    [1040, 680],
    [880, 900],
    [1060, 880],
    [700, 160],
    [780, 160],
    [860, 160],
    [940, 200],
    [1260, 250],
    [1330, 250],
    [1260, 560],
    [1500, 560],
  ]
  for (const [x, y] of spots) d.push(`M${x} ${y}h58v44h-58z`)
  return el('path', {d: d.join(''), fill: '#e5e1d6'})
}

export function renderLocationMap(): string {
  return svgDocument(
    width,
    height,
    [
      el('rect', {width, height, fill: '#f3f1ea'}),
      roads(),
      neighbourhood(),
      industrialBlocks(),
      el('path', {
        d:
          'M500 400C560 360 660 380 690 430S700 560 690 640 ' +
          '600 720 540 700 470 620 480 540 450 440 500 400z',
        fill: 'url(#water)',
      }),
      text(590, 560, '호수공원', {
        'font-size': 22,
        'font-weight': 800,
        fill: colors.white,
        'text-anchor': 'middle',
      }),
      el('rect', {x: 540, y: 572, width: 100, height: 24, rx: 12, fill: colors.white}),
      text(590, 589, '도보 3분', {
        'font-size': 13,
        'font-weight': 700,
        fill: colors.lake,
        'text-anchor': 'middle',
      }),
      el('rect', {x: 900, y: 400, width: 270, height: 220, rx: 24, fill: '#cfe5cf'}),
      el('ellipse', {cx: 1035, cy: 510, rx: 92, ry: 70, fill: '#c9775a'}),
      el('ellipse', {cx: 1035, cy: 510, rx: 58, ry: 40, fill: '#6fb36f'}),
      text(1035, 438, '스포츠파크', {
        'font-size': 17,
        'font-weight': 800,
        fill: colors.park,
        'text-anchor': 'middle',
      }),
      el('rect', {x: 985, y: 588, width: 100, height: 24, rx: 12, fill: colors.park}),
      text(1035, 605, '단지 바로 앞', {
        'font-size': 13,
        'font-weight': 700,
        fill: colors.white,
        'text-anchor': 'middle',
      }),
      el('path', {
        d: places.map((p) => `M${home.x} ${home.y}L${n(p.x)} ${n(p.y)}`).join(''),
        stroke: colors.navy,
        'stroke-width': 1.5,
        'stroke-dasharray': '4 6',
        opacity: 0.5,
      }),
      ...places.map(marker),
      ...places.map(labelFor),
      el('g', {transform: `translate(${home.x} ${home.y})`}, [
        el('circle', {r: 46, fill: colors.pink, opacity: 0.18}),
        el('path', {
          d:
            'M0 -30L8.8 -12.1L28.5 -9.3L14.3 4.6L17.6 24.3L0 ' +
            '15L-17.6 24.3L-14.3 4.6L-28.5 -9.3L-8.8 -12.1z',
          fill: colors.pink,
          stroke: colors.white,
          'stroke-width': 3,
        }),
        el('rect', {x: -92, y: 38, width: 184, height: 40, rx: 20, fill: colors.navy}),
        text(0, 64, '솔담 레이크파크', {
          'font-size': 17,
          'font-weight': 800,
          fill: colors.white,
          'text-anchor': 'middle',
        }),
      ]),
      text(1490, 48, '고속도로', {
        'font-size': 13,
        'font-weight': 700,
        fill: '#a27b2c',
        'text-anchor': 'middle',
      }),
      el('g', {}, [
        el('rect', {
          x: 24,
          y: 852,
          width: 420,
          height: 124,
          rx: 14,
          fill: colors.white,
          opacity: 0.95,
        }),
        text(46, 900, '입지환경도', {'font-size': 32, 'font-weight': 800, fill: colors.navy}),
        text(48, 928, 'LOCATION MAP', {
          'font-size': 13,
          'font-weight': 600,
          fill: colors.lake,
          'letter-spacing': 3,
        }),
        text(48, 956, '※ 소요시간은 단지 중심 기준 예상치이며 교통 상황에 따라 다릅니다.', {
          'font-size': 11,
          fill: colors.grey500,
        }),
      ]),
      northArrow(1545, 250, 26),
    ],
    [
      el('linearGradient', {id: 'water', x1: 0, y1: 0, x2: 1, y2: 1}, [
        el('stop', {offset: 0, 'stop-color': '#7bbbe6'}),
        el('stop', {offset: 1, 'stop-color': colors.lake}),
      ]),
    ],
  )
}

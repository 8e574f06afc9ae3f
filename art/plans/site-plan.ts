// 단지배치도: the nine buildings, the lake to the west and the sports park to the east.
import {
  buildings,
  communityCentre,
  footprint,
  gates,
  lake,
  parkingRamps,
  playgrounds,
  site,
  sportsPark,
} from './complex-layout.ts'
import {colors, el, n, northArrow, svgDocument, text} from './svg.ts'

const width = 1600
const height = 1000

/** Deterministic pseudo-random sequence so the committed file never changes between runs. */
export function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

function isClear(x: number, y: number): boolean {
  const nearBuilding = buildings.some((b) => Math.abs(b.x - x) < 100 && Math.abs(b.y - y) < 58)
  const c = communityCentre
  const nearCentre =
    x > c.x - c.w / 2 - 25 &&
    x < c.x + c.w / 2 + 25 &&
    y > c.y - c.h / 2 - 25 &&
    y < c.y + c.h / 2 + 25
  const nearPlay = playgrounds.some((p) => Math.hypot(p.x - x, p.y - y) < 42)
  return !nearBuilding && !nearCentre && !nearPlay
}

function trees(): string {
  const random = seeded(7)
  const d: string[] = []
  for (let y = 120; y < 870; y += 34) {
    for (let x = 490; x < 1175; x += 34) {
      const tx = x + (random() - 0.5) * 18
      const ty = y + (random() - 0.5) * 18
      if (random() < 0.45 || !isClear(tx, ty)) continue
      const r = 5 + random() * 5
      d.push(
        `M${n(tx - r)} ${n(ty)}a${n(r)} ${n(r)} 0 1 0 ` +
          `${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0z`,
      )
    }
  }
  return el('path', {d: d.join(''), fill: colors.park, opacity: 0.55})
}

export function buildingMark(
  no: number,
  x: number,
  y: number,
  form: 'slab' | 'tower',
  fill: string = colors.white,
): string {
  return el('g', {transform: `translate(${x} ${y})`}, [
    el('path', {d: footprint(form), fill: colors.navy, opacity: 0.18, transform: 'translate(5 6)'}),
    el('path', {d: footprint(form), fill, stroke: colors.navy, 'stroke-width': 2}),
    text(0, 5, `${no}동`, {
      'font-size': 15,
      'font-weight': 800,
      fill: colors.navy,
      'text-anchor': 'middle',
    }),
  ])
}

function sportsParkArt(): string {
  const s = sportsPark.stadium
  return el('g', {}, [
    el('path', {d: sportsPark.outline, fill: '#cfe5cf'}),
    el('ellipse', {
      cx: s.cx,
      cy: s.cy,
      rx: s.rx + 26,
      ry: s.ry + 26,
      fill: colors.grey300,
      stroke: colors.grey500,
    }),
    el('ellipse', {cx: s.cx, cy: s.cy, rx: s.rx, ry: s.ry, fill: '#c9775a'}),
    el('rect', {x: s.cx - 72, y: s.cy - 125, width: 144, height: 250, rx: 60, fill: '#6fb36f'}),
    el('path', {d: `M${s.cx - 72} ${s.cy}H${s.cx + 72}`, stroke: colors.white, 'stroke-width': 2}),
    el('circle', {
      cx: s.cx,
      cy: s.cy,
      r: 22,
      fill: 'none',
      stroke: colors.white,
      'stroke-width': 2,
    }),
    text(s.cx, s.cy - 62, '종합운동장', {
      'font-size': 20,
      'font-weight': 800,
      fill: colors.white,
      'text-anchor': 'middle',
    }),
    el('g', {fill: '#9fd0a0', stroke: colors.white, 'stroke-width': 2}, [
      el('rect', {x: 1270, y: 540, width: 120, height: 70}),
      el('rect', {x: 1410, y: 540, width: 70, height: 110}),
      el('rect', {x: 1500, y: 540, width: 70, height: 110}),
    ]),
    text(1330, 630, '축구장', {'font-size': 12, fill: colors.navy, 'text-anchor': 'middle'}),
    text(1490, 668, '테니스장', {'font-size': 12, fill: colors.navy, 'text-anchor': 'middle'}),
    el('rect', {x: 1300, y: 62, width: 240, height: 34, rx: 17, fill: colors.park}),
    text(1420, 85, '스포츠파크', {
      'font-size': 17,
      'font-weight': 800,
      fill: colors.white,
      'text-anchor': 'middle',
    }),
  ])
}

function lakeArt(): string {
  return el('g', {}, [
    el('path', {d: lake.outline, fill: 'url(#lakeFill)'}),
    el('path', {
      d: lake.outline,
      fill: 'none',
      stroke: colors.white,
      'stroke-width': 3,
      'stroke-dasharray': '2 7',
      transform: 'translate(-14 0)',
    }),
    el('path', {
      d:
        'M60 300q40-10 80 0t80 0M90 420q40-10 80 0t80 ' +
        '0M50 640q40-10 80 0t80 0M120 760q40-10 80 0t80 0',
      fill: 'none',
      stroke: colors.white,
      opacity: 0.5,
      'stroke-width': 2,
    }),
    text(lake.label.x, lake.label.y, '호수공원', {
      'font-size': 34,
      'font-weight': 800,
      fill: colors.white,
      'text-anchor': 'middle',
    }),
    text(lake.label.x, lake.label.y + 28, 'LAKE PARK', {
      'font-size': 13,
      'font-weight': 600,
      fill: colors.white,
      'text-anchor': 'middle',
      'letter-spacing': 4,
    }),
  ])
}

function roads(): string {
  return el('g', {}, [
    el('path', {
      d: 'M0 935H1600M430 0V1000M1216 0V1000M430 30H1600',
      fill: 'none',
      stroke: colors.white,
      'stroke-width': 30,
    }),
    el('path', {
      d: 'M0 935H1600M430 0V1000M1216 0V1000M430 30H1600',
      fill: 'none',
      stroke: colors.grey300,
      'stroke-width': 1.5,
      'stroke-dasharray': '14 10',
    }),
    text(1010, 975, '호수공원로', {'font-size': 12, fill: colors.grey700, 'text-anchor': 'middle'}),
    text(1216, 820, '스포츠파크로', {
      'font-size': 12,
      fill: colors.grey700,
      'text-anchor': 'middle',
      transform: 'rotate(90 1216 820)',
      dy: 4,
    }),
  ])
}

function paths(): string {
  const d =
    'M500 560C560 520 640 610 700 560S820 500 900 520 1040 600 1170 560M700 900C690 ' +
    '820 640 760 680 640S700 330 660 130M960 880C930 800 980 700 940 620S920 330 930 110'
  return el('g', {}, [
    el('path', {d, fill: 'none', stroke: '#f3ead6', 'stroke-width': 12, 'stroke-linecap': 'round'}),
    el('path', {
      d,
      fill: 'none',
      stroke: '#c9a978',
      'stroke-width': 1.5,
      'stroke-dasharray': '6 6',
    }),
  ])
}

function facilities(): string {
  const c = communityCentre
  const parts: string[] = [
    el('rect', {
      x: c.x - c.w / 2,
      y: c.y - c.h / 2,
      width: c.w,
      height: c.h,
      rx: 10,
      fill: colors.pink,
      stroke: colors.navy,
      'stroke-width': 1.5,
    }),
    text(c.x, c.y - 2, '커뮤니티', {
      'font-size': 14,
      'font-weight': 800,
      fill: colors.white,
      'text-anchor': 'middle',
    }),
    text(c.x, c.y + 16, '센터', {
      'font-size': 14,
      'font-weight': 800,
      fill: colors.white,
      'text-anchor': 'middle',
    }),
  ]
  for (const p of playgrounds) {
    parts.push(
      el('circle', {
        cx: p.x,
        cy: p.y,
        r: 24,
        fill: '#ffd27a',
        stroke: '#e0a23a',
        'stroke-width': 2,
      }),
      el('path', {
        d:
          `M${p.x - 12} ${p.y + 11}L${p.x - 8} ${p.y - 9}H${p.x + 8}` +
          `L${p.x + 12} ${p.y + 11}M${p.x - 4} ${p.y - 9}v11h8v-11`,
        fill: 'none',
        stroke: colors.navy,
        'stroke-width': 2,
      }),
    )
  }
  for (const r of parkingRamps) {
    parts.push(
      el('g', {transform: `translate(${r.x} ${r.y}) rotate(${r.rot})`}, [
        el('rect', {x: -22, y: -13, width: 44, height: 26, rx: 4, fill: colors.navy}),
        text(-8, 6, 'P', {
          'font-size': 16,
          'font-weight': 800,
          fill: colors.white,
          'text-anchor': 'middle',
        }),
        el('path', {d: 'M4 -5l9 5l-9 5z', fill: colors.sand}),
      ]),
    )
  }
  for (const g of [gates.main, gates.sub]) {
    const vertical = g === gates.sub
    parts.push(
      el('g', {transform: `translate(${g.x} ${g.y})`}, [
        el('path', {
          d: vertical ? 'M16 -16L-12 0L16 16z' : 'M-16 16L0 -12L16 16z',
          fill: colors.pink,
        }),
        el('rect', {
          x: vertical ? -12 : -42,
          y: vertical ? 22 : 20,
          width: 84,
          height: 26,
          rx: 13,
          fill: colors.navy,
        }),
        text(vertical ? 30 : 0, vertical ? 40 : 38, g.label, {
          'font-size': 13,
          'font-weight': 700,
          fill: colors.white,
          'text-anchor': 'middle',
        }),
      ]),
    )
  }
  return parts.join('')
}

function legend(): string {
  const x = 1250
  const y = 712
  const rows: [string, string][] = [
    [
      el('path', {
        d: footprint('slab'),
        fill: colors.white,
        stroke: colors.navy,
        'stroke-width': 2,
        transform: 'translate(0 0) scale(0.22 0.5)',
      }),
      '주동 (지하 3층~지상 15층)',
    ],
    [el('rect', {x: -14, y: -9, width: 28, height: 18, rx: 4, fill: colors.pink}), '커뮤니티센터'],
    [el('circle', {r: 9, fill: '#ffd27a', stroke: '#e0a23a', 'stroke-width': 2}), '어린이놀이터'],
    [
      el('path', {d: 'M-16 0H16', stroke: '#c9a978', 'stroke-width': 2, 'stroke-dasharray': '5 4'}),
      '산책로',
    ],
    [
      el('rect', {x: -12, y: -9, width: 24, height: 18, rx: 3, fill: colors.navy}),
      '지하주차장 출입구',
    ],
    [el('path', {d: 'M-9 8L0 -8L9 8z', fill: colors.pink}), '단지 출입구'],
  ]
  return el('g', {}, [
    el('rect', {x, y, width: 330, height: 268, rx: 12, fill: colors.white, stroke: colors.grey300}),
    text(x + 22, y + 34, '범례', {'font-size': 16, 'font-weight': 800, fill: colors.navy}),
    ...rows.map(([icon, label], i) =>
      el('g', {transform: `translate(${x + 42} ${y + 68 + i * 34})`}, [
        icon,
        text(34, 5, label, {'font-size': 14, fill: colors.grey700}),
      ]),
    ),
  ])
}

export function renderSitePlan(): string {
  return svgDocument(
    width,
    height,
    [
      el('rect', {width, height, fill: '#f1efe9'}),
      roads(),
      lakeArt(),
      sportsParkArt(),
      el('path', {d: site.outline, fill: '#e3efdc'}),
      paths(),
      trees(),
      el('path', {
        d: site.outline,
        fill: 'none',
        stroke: colors.navy,
        'stroke-width': 2,
        'stroke-dasharray': '12 6',
      }),
      facilities(),
      ...buildings.map((b) => buildingMark(b.no, b.x, b.y, b.form)),
      el('g', {}, [
        el('rect', {
          x: 24,
          y: 24,
          width: 330,
          height: 92,
          rx: 12,
          fill: colors.white,
          opacity: 0.94,
        }),
        text(46, 70, '단지배치도', {'font-size': 32, 'font-weight': 800, fill: colors.navy}),
        text(48, 98, 'SITE PLAN · 9개동 440세대', {
          'font-size': 13,
          'font-weight': 600,
          fill: colors.lake,
          'letter-spacing': 1,
        }),
      ]),
      legend(),
      northArrow(1545, 140, 24),
      text(
        470,
        988,
        '※ 본 배치도는 소비자의 이해를 돕기 위한 것으로 인허가 과정에서 변경될 수 있습니다.',
        {'font-size': 12, fill: colors.grey700},
      ),
    ],
    [
      el('linearGradient', {id: 'lakeFill', x1: 0, y1: 0, x2: 1, y2: 1}, [
        el('stop', {offset: 0, 'stop-color': '#6fb0e0'}),
        el('stop', {offset: 1, 'stop-color': colors.lake}),
      ]),
    ],
  )
}

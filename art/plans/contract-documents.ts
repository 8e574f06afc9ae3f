// 당첨자 계약 구비서류: a printable checklist for the winners' contract day.
import {colors, el, svgDocument, text} from './svg.ts'

const width = 1200
const height = 1400

const ownDocuments: [string, string][] = [
  ['계약금 입금 확인증', '지정 계좌 무통장 입금증 또는 이체 확인증 (현장 수납 불가)'],
  ['신분증', '주민등록증, 운전면허증, 여권 중 1부'],
  ['인감도장', '본인서명사실확인서를 제출하는 경우 서명으로 대신합니다'],
  ['인감증명서 또는 본인서명사실확인서', '계약용, 본인 발급분'],
  ['주민등록표등본', '세대원 전원과 주소 변동 사항이 모두 표기된 것'],
  ['주민등록표초본', '주소 변동 이력과 세대주 관계가 표기된 것'],
  ['가족관계증명서', '상세 발급, 주민등록번호 뒷자리까지 표기된 것'],
  ['무주택 서약서', '계약 현장에 비치되어 있습니다'],
]

const proxyDocuments: [string, string][] = [
  ['위임장', '계약자의 인감도장 날인 (계약 현장 비치)'],
  ['계약자의 인감증명서', '위임용, 계약자 본인 발급분'],
  ['대리인 신분증과 도장', '대리인 본인의 신분증 원본'],
]

function checklist(title: string, rows: [string, string][], top: number, accent: string): string {
  const rowHeight = 66
  return el('g', {}, [
    el('rect', {x: 80, y: top, width: 8, height: 30, fill: accent}),
    text(104, top + 25, title, {'font-size': 26, 'font-weight': 800, fill: colors.navy}),
    ...rows.map(([name, note], i) => {
      const y = top + 56 + i * rowHeight
      return el('g', {}, [
        el('rect', {
          x: 80,
          y,
          width: 1040,
          height: rowHeight - 10,
          rx: 10,
          fill: i % 2 === 0 ? colors.grey50 : colors.white,
          stroke: colors.grey100,
        }),
        el('rect', {
          x: 104,
          y: y + 14,
          width: 28,
          height: 28,
          rx: 6,
          fill: colors.white,
          stroke: accent,
          'stroke-width': 2.5,
        }),
        text(156, y + 35, name, {'font-size': 20, 'font-weight': 700, fill: colors.navy}),
        text(1096, y + 34, note, {'font-size': 15, fill: colors.grey700, 'text-anchor': 'end'}),
      ])
    }),
  ])
}

export function renderContractDocuments(): string {
  const proxyTop = 280 + 56 + ownDocuments.length * 66 + 40
  const notesTop = proxyTop + 56 + proxyDocuments.length * 66 + 30
  return svgDocument(width, height, [
    el('rect', {width, height, fill: colors.white}),
    el('rect', {width, height: 230, fill: colors.navy}),
    text(80, 96, 'CONTRACT CHECKLIST', {
      'font-size': 16,
      'font-weight': 600,
      fill: colors.sand,
      'letter-spacing': 4,
    }),
    text(78, 156, '당첨자 계약 구비서류', {
      'font-size': 50,
      'font-weight': 800,
      fill: colors.white,
    }),
    text(80, 196, '계약일에 아래 서류를 빠짐없이 준비해 주세요.', {
      'font-size': 18,
      fill: '#c5cde0',
    }),
    el('rect', {x: 980, y: 70, width: 140, height: 140, rx: 70, fill: colors.pink}),
    el('path', {
      d: 'M1018 140l22 22l42 -46',
      fill: 'none',
      stroke: colors.white,
      'stroke-width': 10,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    checklist('본인 계약 시', ownDocuments, 280, colors.lake),
    checklist('대리인 계약 시 추가 서류', proxyDocuments, proxyTop, colors.pink),
    el('rect', {x: 80, y: notesTop, width: 1040, height: 150, rx: 14, fill: colors.sandLight}),
    el('g', {'font-size': 16, fill: colors.grey700}, [
      text(110, notesTop + 42, '※ 모든 증명서는 입주자 모집공고일 이후 발급분만 인정됩니다.'),
      text(
        110,
        notesTop + 72,
        '※ 대리 계약은 배우자와 직계존비속에 한하며, 그 밖의 경우 본인이 직접 계약해야 합니다.',
      ),
      text(
        110,
        notesTop + 102,
        '※ 서류가 미비하면 계약이 불가하며, 세부 구비서류는 모집공고에 따라 달라질 수 있습니다.',
      ),
      text(110, notesTop + 132, '※ 계약 장소와 일정은 당첨자 발표 후 개별 안내해 드립니다.'),
    ]),
  ])
}

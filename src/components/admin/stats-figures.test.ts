import {describe, expect, it} from 'vitest'
import type {Stats} from '#shared/leads/stats.ts'
import {CHART_CAMPAIGNS, rateOf, shortDay, statsFigures, visitHeadlines} from './stats-figures.ts'

const stats: Stats = {
  from: '2026-11-01',
  to: '2026-11-04',
  totals: {leads: 7, people: 5},
  perDay: [
    {date: '2026-11-01', leads: 3, people: 2},
    {date: '2026-11-03', leads: 4, people: 3},
  ],
  bySource: [
    {source: 'popup', leads: 5, people: 4},
    {source: 'home', leads: 2, people: 1},
  ],
  byUtm: Array.from({length: CHART_CAMPAIGNS + 2}, (_, index) => ({
    utmSource: index === 0 ? null : 'naver',
    utmCampaign: `가을-${index}`,
    leads: 10 - index,
    people: 9 - index,
  })),
  funnel: [
    {step: 'new', leads: 7, rate: null},
    {step: 'contacted', leads: 4, rate: 4 / 7},
    {step: 'booked', leads: 2, rate: 0.5},
    {step: 'visited', leads: 1, rate: 0.5},
    {step: 'contracted', leads: 0, rate: 0},
  ],
  upcomingVisits: Array.from({length: 14}, (_, index) => ({
    date: `2026-11-${String(index + 5).padStart(2, '0')}`,
    visits: index === 0 ? 3 : index === 13 ? 1 : 0,
  })),
  visits: {
    totals: {due: 25, arrived: 18, noShows: 4, walkIns: 2, joined: 9, offered: 4, claimed: 2},
    perDay: [
      {
        date: '2026-11-02',
        due: 20,
        arrived: 15,
        noShows: 3,
        walkIns: 2,
        joined: 9,
        offered: 4,
        claimed: 2,
      },
      {
        date: '2026-11-03',
        due: 5,
        arrived: 3,
        noShows: 1,
        walkIns: 0,
        joined: 0,
        offered: 0,
        claimed: 0,
      },
    ],
    byUtm: Array.from({length: CHART_CAMPAIGNS + 1}, (_, index) => ({
      utmSource: index === 0 ? null : 'naver',
      utmCampaign: index === 0 ? null : `가을-${index}`,
      due: index === 0 ? 10 : 3,
      arrived: index === 0 ? 6 : 2,
      noShows: index === 0 ? 2 : 0,
      walkIns: 0,
      joined: index === 0 ? 3 : 1,
      offered: index === 0 ? 0 : 1,
      claimed: index === 0 ? 0 : 1,
    })),
  },
}

const figure = (caption: string) => {
  const found = statsFigures(stats).find((item) => item.caption === caption)
  if (!found) throw new Error(`no figure ${caption}`)
  return found
}

describe('the dashboard figures', () => {
  it('gives every figure a chart, in the order staff read them', () => {
    expect(statsFigures(stats).map((item) => [item.caption, item.chart.shape])).toEqual([
      ['일별 등록', 'line'],
      ['진행 단계 전환', 'bars'],
      ['일별 방문·노쇼·대기', 'bars'],
      ['경로별', 'bars'],
      ['유입 매체·캠페인별', 'bars'],
      ['캠페인별 방문·노쇼·대기', 'bars'],
      ['다가오는 방문 예약', 'bars'],
    ])
  })

  it('draws days without leads as 0 while the table lists the days that had some', () => {
    const perDay = figure('일별 등록')
    expect(perDay.chart.x).toEqual({days: ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']})
    expect(perDay.chart.series.map((line) => [line.label, line.values])).toEqual([
      ['등록', [3, 0, 4, 0]],
      ['사람', [2, 0, 3, 0]],
    ])
    expect(perDay.rows).toEqual([
      ['2026-11-01', 3, 2],
      ['2026-11-03', 4, 3],
    ])
  })

  it('names the funnel steps and entry points in Korean, with rates in the table', () => {
    const funnel = figure('진행 단계 전환')
    expect(funnel.chart.x).toEqual({
      categories: ['신규', '연락완료', '방문예약', '방문완료', '계약'],
    })
    expect(funnel.rows[1]).toEqual(['연락완료', 4, '57%'])
    expect(funnel.rows[0]![2]).toBe('-')
    const sources = figure('경로별')
    expect(sources.chart.x).toEqual({categories: ['팝업', '홈 방문예약']})
    expect(sources.chart.series[1]!.values).toEqual([4, 1])
  })

  it('draws the leading campaigns and lists them all', () => {
    const campaigns = figure('유입 매체·캠페인별')
    expect(campaigns.rows).toHaveLength(CHART_CAMPAIGNS + 2)
    expect(campaigns.rows[0]!.slice(0, 2)).toEqual(['(없음)', '가을-0'])
    if (!('categories' in campaigns.chart.x)) throw new Error('campaigns by category')
    expect(campaigns.chart.x.categories).toHaveLength(CHART_CAMPAIGNS)
    expect(campaigns.chart.x.categories[1]).toBe('naver · 가을-1')
  })

  it('reads the rates of the visits with their counts, first for the whole period', () => {
    expect(visitHeadlines(stats.visits.totals)).toEqual([
      {label: '방문율', value: '72% (18/25)'},
      {label: '노쇼율', value: '16% (4/25)'},
      {label: '확인 전', value: '3건'},
      {label: '예약 없이 방문', value: '2명'},
      {label: '대기 신청', value: '9명'},
      {label: '대기 확정률', value: '50% (2/4)'},
    ])
    // Nothing due, nothing offered: no rate rather than 0%.
    expect(rateOf(0, 0)).toBe('-')
    expect(rateOf(2, 3)).toBe('67% (2/3)')
  })

  it('lists the outcomes per visit day and per campaign, arrivals beside no-shows as bars', () => {
    const perDay = figure('일별 방문·노쇼·대기')
    expect(perDay.head).toEqual([
      '방문일',
      '방문율',
      '노쇼율',
      '확인 전',
      '예약 없이 방문',
      '대기 신청',
      '대기 확정률',
    ])
    expect(perDay.rows).toEqual([
      ['11.2(월)', '75% (15/20)', '15% (3/20)', 2, 2, 9, '50% (2/4)'],
      ['11.3(화)', '60% (3/5)', '20% (1/5)', 1, 0, 0, '-'],
    ])
    expect(perDay.chart.x).toEqual({categories: ['11.2\n(월)', '11.3\n(화)']})
    expect(perDay.chart.series.map((bars) => [bars.label, bars.values])).toEqual([
      ['방문', [15, 3]],
      ['노쇼', [3, 1]],
    ])
    const campaigns = figure('캠페인별 방문·노쇼·대기')
    expect(campaigns.rows).toHaveLength(CHART_CAMPAIGNS + 1)
    expect(campaigns.rows[0]).toEqual([
      '(없음)',
      '(없음)',
      '60% (6/10)',
      '20% (2/10)',
      2,
      0,
      3,
      '-',
    ])
    expect(campaigns.rows[1]).toEqual([
      'naver',
      '가을-1',
      '67% (2/3)',
      '0% (0/3)',
      1,
      0,
      1,
      '100% (1/1)',
    ])
    if (!('categories' in campaigns.chart.x)) throw new Error('campaigns by category')
    expect(campaigns.chart.x.categories).toHaveLength(CHART_CAMPAIGNS)
    expect(campaigns.chart.x.categories[0]).toBe('(없음) · (없음)')
  })

  it('draws the coming visits as one bar per day for 14 days, labelled as Korean dates', () => {
    const visits = figure('다가오는 방문 예약')
    if (!('categories' in visits.chart.x)) throw new Error('coming visits by category')
    expect(visits.chart.x.categories).toHaveLength(14)
    expect(visits.chart.x.categories.slice(0, 2)).toEqual(['11.5\n(목)', '11.6\n(금)'])
    expect(visits.chart.series[0]!.values).toEqual([3, ...Array<number>(12).fill(0), 1])
    // The table beside it (the chart's text alternative) names every day the same way.
    expect(visits.rows.map((row) => row[0])).toEqual(
      stats.upcomingVisits.map((day) => shortDay(day.date)),
    )
    expect(visits.rows[0]).toEqual(['11.5(목)', 3])
    expect(visits.rows[13]).toEqual(['11.18(수)', 1])
    expect(shortDay('2026-12-01')).toBe('12.1(화)')
  })
})

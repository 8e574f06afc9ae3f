import type {Stats, VisitOutcomes} from '#shared/leads/stats.ts'
import {addDays} from '#shared/korea-time.ts'
import type {ChartAxis, ChartSeries} from './StatsChart.tsx'
import {SOURCE_LABELS, STAGE_LABELS} from './lead-labels.ts'
import {formatVisitDay} from '#shared/visits/visit-time.ts'

/** One figure of the dashboard: a chart and the table (and CSV) of the same numbers. */
export interface StatsFigure {
  caption: string
  /** The CSV's file name without the period and extension. */
  file: string
  head: string[]
  rows: Array<Array<string | number>>
  chart: {x: ChartAxis; series: ChartSeries[]; shape: 'line' | 'bars'}
}

const LEADS_COLOR = '#1f3a5f'
const PEOPLE_COLOR = '#d9822b'

/** Campaigns drawn in the chart; the table lists all of them. */
export const CHART_CAMPAIGNS = 6

const percent = (rate: number | null) => (rate === null ? '-' : `${Math.round(rate * 100)}%`)

/** `72% (18/25)`: a rate with the counts it is made of; `-` when there is nothing to divide. */
export const rateOf = (part: number, whole: number): string =>
  whole === 0 ? '-' : `${percent(part / whole)} (${part}/${whole})`

/**
 * The outcomes of visits, each a column of the tables and a figure of the headline: its name,
 * its value, and the unit a count is read with in the headline.
 */
const OUTCOMES: ReadonlyArray<{
  label: string
  value(row: VisitOutcomes): string | number
  unit?: string
}> = [
  {label: '방문율', value: (row) => rateOf(row.arrived, row.due)},
  {label: '노쇼율', value: (row) => rateOf(row.noShows, row.due)},
  {label: '확인 전', value: (row) => row.due - row.arrived - row.noShows, unit: '건'},
  {label: '예약 없이 방문', value: (row) => row.walkIns, unit: '명'},
  {label: '대기 신청', value: (row) => row.joined, unit: '명'},
  {label: '대기 확정률', value: (row) => rateOf(row.claimed, row.offered)},
]

/** The outcomes' columns, after the row's own name(s). */
export const OUTCOME_HEAD = OUTCOMES.map((outcome) => outcome.label)

const outcomeCells = (row: VisitOutcomes) => OUTCOMES.map((outcome) => outcome.value(row))

/** The period's outcomes of visits as the few figures a manager reads first. */
export const visitHeadlines = (totals: VisitOutcomes): Array<{label: string; value: string}> =>
  OUTCOMES.map(({label, value, unit = ''}) => ({label, value: `${value(totals)}${unit}`}))

/** Arrivals beside no-shows, as bars. */
function arrivalsAndNoShows(rows: VisitOutcomes[]): ChartSeries[] {
  return [
    {label: '방문', color: LEADS_COLOR, values: rows.map((row) => row.arrived)},
    {label: '노쇼', color: PEOPLE_COLOR, values: rows.map((row) => row.noShows)},
  ]
}

/** Every date from `from` to `to`: days without leads are drawn as 0, not skipped. */
function everyDay(from: string, to: string): string[] {
  const days: string[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day)
  return days
}

function leadsAndPeople(rows: Array<{leads: number; people: number}>): ChartSeries[] {
  return [
    {label: '등록', color: LEADS_COLOR, values: rows.map((row) => row.leads)},
    {label: '사람', color: PEOPLE_COLOR, values: rows.map((row) => row.people)},
  ]
}

/** `2026-12-01` → `12.1(화)`: a day as a short Korean label. */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number]
  return `${month}.${day}(${formatVisitDay(date).slice(-2, -1)})`
}

/** Days as a bar chart's categories: the weekday on a second line, so 14 days fit a phone. */
const dayCategories = (dates: string[]): ChartAxis => ({
  categories: dates.map((date) => shortDay(date).replace('(', '\n(')),
})

const campaignName = (row: {utmSource: string | null; utmCampaign: string | null}) =>
  `${row.utmSource ?? '(없음)'} · ${row.utmCampaign ?? '(없음)'}`

/** The dashboard's figures, in the order staff read them. */
export function statsFigures(stats: Stats): StatsFigure[] {
  const byDate = new Map(stats.perDay.map((day) => [day.date, day]))
  const days = everyDay(stats.from, stats.to).map(
    (date) => byDate.get(date) ?? {date, leads: 0, people: 0},
  )
  const campaigns = stats.byUtm.slice(0, CHART_CAMPAIGNS)
  const {visits} = stats
  const visitCampaigns = visits.byUtm.slice(0, CHART_CAMPAIGNS)
  return [
    {
      caption: '일별 등록',
      file: '일별등록',
      head: ['날짜', '등록', '사람'],
      rows: stats.perDay.map((day) => [day.date, day.leads, day.people]),
      chart: {x: {days: days.map((day) => day.date)}, series: leadsAndPeople(days), shape: 'line'},
    },
    {
      caption: '진행 단계 전환',
      file: '전환',
      head: ['단계', '건수', '앞 단계 대비'],
      rows: stats.funnel.map((row) => [STAGE_LABELS[row.step], row.leads, percent(row.rate)]),
      chart: {
        x: {categories: stats.funnel.map((row) => STAGE_LABELS[row.step])},
        series: [{label: '건수', color: LEADS_COLOR, values: stats.funnel.map((row) => row.leads)}],
        shape: 'bars',
      },
    },
    {
      caption: '일별 방문·노쇼·대기',
      file: '일별방문',
      head: ['방문일', ...OUTCOME_HEAD],
      rows: visits.perDay.map((day) => [shortDay(day.date), ...outcomeCells(day)]),
      chart: {
        x: dayCategories(visits.perDay.map((day) => day.date)),
        series: arrivalsAndNoShows(visits.perDay),
        shape: 'bars',
      },
    },
    {
      caption: '경로별',
      file: '경로별',
      head: ['경로', '등록', '사람'],
      rows: stats.bySource.map((row) => [
        SOURCE_LABELS[row.source] ?? row.source,
        row.leads,
        row.people,
      ]),
      chart: {
        x: {categories: stats.bySource.map((row) => SOURCE_LABELS[row.source] ?? row.source)},
        series: leadsAndPeople(stats.bySource),
        shape: 'bars',
      },
    },
    {
      caption: '유입 매체·캠페인별',
      file: '캠페인별',
      head: ['유입 매체(utm_source)', '캠페인(utm_campaign)', '등록', '사람'],
      rows: stats.byUtm.map((row) => [
        row.utmSource ?? '(없음)',
        row.utmCampaign ?? '(없음)',
        row.leads,
        row.people,
      ]),
      chart: {
        x: {categories: campaigns.map(campaignName)},
        series: leadsAndPeople(campaigns),
        shape: 'bars',
      },
    },
    {
      caption: '캠페인별 방문·노쇼·대기',
      file: '캠페인별방문',
      head: ['유입 매체(utm_source)', '캠페인(utm_campaign)', ...OUTCOME_HEAD],
      rows: visits.byUtm.map((row) => [
        row.utmSource ?? '(없음)',
        row.utmCampaign ?? '(없음)',
        ...outcomeCells(row),
      ]),
      chart: {
        x: {categories: visitCampaigns.map(campaignName)},
        series: arrivalsAndNoShows(visitCampaigns),
        shape: 'bars',
      },
    },
    {
      caption: '다가오는 방문 예약',
      file: '방문예약',
      head: ['날짜', '예약'],
      rows: stats.upcomingVisits.map((day) => [shortDay(day.date), day.visits]),
      chart: {
        x: dayCategories(stats.upcomingVisits.map((day) => day.date)),
        series: [
          {
            label: '예약',
            color: LEADS_COLOR,
            values: stats.upcomingVisits.map((day) => day.visits),
          },
        ],
        shape: 'bars',
      },
    },
  ]
}

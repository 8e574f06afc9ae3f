import {useEffect, useRef} from 'react'
import type uPlot from 'uplot'

/** The chart's horizontal axis: Seoul dates (YYYY-MM-DD) or named categories. */
export type ChartAxis = {days: string[]} | {categories: string[]}

export interface ChartSeries {
  label: string
  values: number[]
  color: string
}

interface StatsChartProps {
  x: ChartAxis
  /** Up to two series; as bars, the second stands beside the first. */
  series: ChartSeries[]
  shape: 'line' | 'bars'
  /** The chart's name for screen readers; its numbers are in the table beside it. */
  label: string
}

const HEIGHT = 220
/** The y axis's steps between ticks: counts are whole. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000]

/** The x values and the x axis's options uPlot needs for each kind of axis. */
function xAxis(x: ChartAxis, plot: typeof uPlot) {
  if ('days' in x) {
    return {
      values: x.days.map((date) => Date.parse(`${date}T00:00:00+09:00`) / 1000),
      scale: {time: true},
      axis: {},
      tzDate: (ts: number) => plot.tzDate(new Date(ts * 1000), 'Asia/Seoul'),
    }
  }
  const names = x.categories
  // A label's width in CSS pixels, by its longest line: about 7 px a character in the axis's
  // 12 px font (digits narrower, Hangul wider), and a gap.
  const labelWidth =
    Math.max(...names.flatMap((name) => name.split('\n').map((line) => line.length))) * 7 + 4
  return {
    values: names.map((_, index) => index),
    // Half a step of margin each side, so the first and last bars are whole.
    scale: {time: false, range: (): uPlot.Range.MinMax => [-0.5, names.length - 0.5]},
    axis: {
      // Every category is labelled where the labels fit; where they would overlap (a phone),
      // every second or third is, from the first.
      splits: (chart: uPlot) => {
        const room = chart.bbox.width / plot.pxRatio / Math.max(1, names.length)
        const step = Math.max(1, Math.ceil(labelWidth / room))
        return names.map((_, index) => index).filter((index) => index % step === 0)
      },
      values: (_: uPlot, ticks: number[]) => ticks.map((tick) => names[tick] ?? ''),
    },
    tzDate: undefined,
  }
}

/** A series drawn as a line, or as bars that share each x step with the other series. */
function seriesOptions(
  line: ChartSeries,
  index: number,
  count: number,
  shape: StatsChartProps['shape'],
  plot: typeof uPlot,
): uPlot.Series {
  if (shape === 'line') return {label: line.label, stroke: line.color, width: 2}
  const side = count === 1 ? 0 : index === 0 ? -1 : 1
  return {
    label: line.label,
    stroke: line.color,
    fill: line.color,
    width: 0,
    points: {show: false},
    paths: plot.paths.bars?.({align: side, size: [count === 1 ? 0.6 : 0.35, 64], gap: 2}),
  }
}

/**
 * A chart of the dashboard's counts (uPlot, drawn on a canvas sized to its box). uPlot is loaded
 * when a chart is first drawn, so the staff page's first load stays within its size budget; its
 * stylesheet is the route's (a lazily loaded chunk may not import one).
 */
export function StatsChart({x, series, shape, label}: StatsChartProps) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    let cancelled = false
    let stop = () => {}
    // The page's web font is loaded before the canvas uses it for the labels.
    void Promise.all([import('uplot'), document.fonts.ready]).then(([{default: plot}]) => {
      if (cancelled) return
      const horizontal = xAxis(x, plot)
      // The canvas draws its labels in the page's font: uPlot's system-ui has no Hangul on some
      // systems.
      const font = `12px ${getComputedStyle(element).fontFamily}`
      const size = () => ({width: element.clientWidth, height: HEIGHT})
      const chart = new plot(
        {
          ...size(),
          tzDate: horizontal.tzDate,
          series: [
            // The legend names the x value in Korean, not uPlot's "Time".
            {label: 'days' in x ? '날짜' : '항목'},
            ...series.map((line, index) => seriesOptions(line, index, series.length, shape, plot)),
          ],
          axes: [
            {...horizontal.axis, font},
            // Counts: whole numbers on the axis, never 0.2 of a visit.
            {font, incrs: COUNT_STEPS, values: (_, ticks) => ticks.map((tick) => `${tick}`)},
          ],
          scales: {
            x: horizontal.scale,
            y: {range: (_, __, max) => [0, Math.max(1, max)]},
          },
        },
        [horizontal.values, ...series.map((line) => line.values)],
        element,
      )
      const observer = new ResizeObserver(() => chart.setSize(size()))
      observer.observe(element)
      stop = () => {
        observer.disconnect()
        chart.destroy()
      }
    })
    return () => {
      cancelled = true
      stop()
    }
  }, [x, series, shape])
  return <div className="stats-chart" ref={box} role="img" aria-label={label} />
}

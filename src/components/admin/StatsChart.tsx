import {useEffect, useRef} from 'react'

interface StatsChartProps {
  /** Seoul dates (YYYY-MM-DD), one per point. */
  dates: string[]
  series: Array<{label: string; values: number[]; color: string}>
  /** The chart's name for screen readers; its numbers are in the table beside it. */
  label: string
}

/**
 * A line chart of counts per day (uPlot, drawn on a canvas sized to its box). uPlot is loaded
 * when the chart is first drawn, so the staff page's first load stays within its size budget;
 * its stylesheet is the route's (a lazily loaded chunk may not import one).
 */
export function StatsChart({dates, series, label}: StatsChartProps) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    let cancelled = false
    let stop = () => {}
    void import('uplot').then(({default: uPlot}) => {
      if (cancelled) return
      const times = dates.map((date) => Date.parse(`${date}T00:00:00+09:00`) / 1000)
      const size = () => ({width: element.clientWidth, height: 220})
      const chart = new uPlot(
        {
          ...size(),
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Seoul'),
          series: [
            // The legend names the day in Korean, not uPlot's "Time".
            {label: '날짜'},
            ...series.map((line) => ({label: line.label, stroke: line.color, width: 2})),
          ],
          axes: [{}, {values: (_, ticks) => ticks.map((tick) => `${tick}`)}],
          scales: {y: {range: (_, __, max) => [0, Math.max(1, max)]}},
        },
        [times, ...series.map((line) => line.values)],
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
  }, [dates, series])
  return <div className="stats-chart" ref={box} role="img" aria-label={label} />
}

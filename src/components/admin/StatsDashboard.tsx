import {useEffect, useMemo, useState, type FormEvent} from 'react'
import {SOURCE_LABELS, STAGE_LABELS} from './lead-labels.ts'
import {authorized, jsonResult} from './leads-api.ts'
import {FormError} from '~/components/forms/FormError.tsx'
import {StatsChart} from './StatsChart.tsx'
import type {Stats} from '../../../shared/leads/stats.ts'
import {CSV_BOM, csvLine} from '../../../shared/csv.ts'
import {saveFile} from './save-file.ts'

interface Query {
  site: string
  from: string
  to: string
}

async function fetchStats(query: Query) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value)
  return jsonResult<Stats>(await authorized(`/api/admin/stats?${params}`))
}

/** A table's rows as a CSV file for Excel. */
function downloadCsv(name: string, rows: Array<Array<string | number>>) {
  const text = CSV_BOM + rows.map(csvLine).join('')
  saveFile(new Blob([text], {type: 'text/csv;charset=utf-8'}), name)
}

const percent = (rate: number | null) => (rate === null ? '-' : `${Math.round(rate * 100)}%`)

/** A figure's numbers as a table with its caption, and the same rows as a CSV download. */
function FigureTable({
  caption,
  file,
  head,
  rows,
}: {
  caption: string
  file: string
  head: string[]
  rows: Array<Array<string | number>>
}) {
  return (
    <div className="stats-table">
      <div className="stats-table-head">
        <h3>{caption}</h3>
        <button type="button" onClick={() => downloadCsv(file, [head, ...rows])}>
          {`${caption} CSV`}
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="lead-muted">해당 기간의 자료가 없습니다.</p>
      ) : (
        <div className="leads-table-wrap" tabIndex={0} role="region" aria-label={caption}>
          <table className="leads-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {head.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {row.map((value, column) => (
                    <td key={column} data-label={head[column]}>
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

interface StatsDashboardProps {
  sites: Array<{slug: string | null; name: string | null}>
}

/** The staff page's first screen: the leads of a period, per site or all, at a glance. */
export function StatsDashboard({sites}: StatsDashboardProps) {
  const [query, setQuery] = useState<Query>({site: '', from: '', to: ''})
  const [draft, setDraft] = useState<Query>(query)
  const [stats, setStats] = useState<Stats | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})

  useEffect(() => {
    let current = true
    setError(null)
    void fetchStats(query).then((result) => {
      if (!current) return
      if (!result.ok) {
        setError(result.error)
        setFields(result.fields ?? {})
        return
      }
      setFields({})
      setStats(result)
    })
    return () => {
      current = false
    }
  }, [query])

  const perDay = useMemo(() => {
    if (!stats) return null
    // Every day of the range, days without leads as 0, so the chart's time axis is even.
    const byDate = new Map(stats.perDay.map((day) => [day.date, day]))
    const dates: string[] = []
    for (let day = stats.from; day <= stats.to;) {
      dates.push(day)
      const next = new Date(`${day}T00:00:00Z`)
      next.setUTCDate(next.getUTCDate() + 1)
      day = next.toISOString().slice(0, 10)
    }
    return {
      dates,
      series: [
        {label: '등록', color: '#1f3a5f', values: dates.map((d) => byDate.get(d)?.leads ?? 0)},
        {label: '사람', color: '#d9822b', values: dates.map((d) => byDate.get(d)?.people ?? 0)},
      ],
    }
  }, [stats])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setQuery(draft)
  }
  const suffix = stats ? `${stats.from}_${stats.to}` : ''

  return (
    <div className="stats-view">
      <form className="lead-filters" onSubmit={onSubmit} aria-label="통계 조건">
        <div className="form-field">
          <label htmlFor="stats-site">현장</label>
          <select
            id="stats-site"
            value={draft.site}
            onChange={(event) => setDraft({...draft, site: event.target.value})}
          >
            <option value="">전체</option>
            {sites.map((site) =>
              site.slug ? (
                <option key={site.slug} value={site.slug}>
                  {site.name ?? site.slug}
                </option>
              ) : null,
            )}
          </select>
          {fields.site ? <p className="field-error">{fields.site}</p> : null}
        </div>
        <div className="form-field">
          <label htmlFor="stats-from">시작일</label>
          <input
            id="stats-from"
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({...draft, from: event.target.value})}
          />
          {fields.from ? <p className="field-error">{fields.from}</p> : null}
        </div>
        <div className="form-field">
          <label htmlFor="stats-to">종료일</label>
          <input
            id="stats-to"
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({...draft, to: event.target.value})}
          />
          {fields.to ? <p className="field-error">{fields.to}</p> : null}
        </div>
        <div className="lead-filter-actions">
          <button type="submit">조회</button>
        </div>
      </form>
      <FormError message={error} />
      {!stats ? (
        error ? null : (
          <p className="leads-loading">불러오는 중...</p>
        )
      ) : (
        <>
          <p className="stats-totals">
            {stats.from} ~ {stats.to} · 등록 <strong>{stats.totals.leads}</strong>건 · 사람{' '}
            <strong>{stats.totals.people}</strong>명 (같은 현장의 같은 번호는 한 명)
          </p>
          {perDay ? (
            <StatsChart
              dates={perDay.dates}
              series={perDay.series}
              label="일별 등록과 사람 수 그래프 (숫자는 아래 표)"
            />
          ) : null}
          <FigureTable
            caption="일별 등록"
            file={`일별등록_${suffix}.csv`}
            head={['날짜', '등록', '사람']}
            rows={stats.perDay.map((day) => [day.date, day.leads, day.people])}
          />
          <FigureTable
            caption="진행 단계 전환"
            file={`전환_${suffix}.csv`}
            head={['단계', '건수', '앞 단계 대비']}
            rows={stats.funnel.map((row) => [STAGE_LABELS[row.step], row.leads, percent(row.rate)])}
          />
          <FigureTable
            caption="경로별"
            file={`경로별_${suffix}.csv`}
            head={['경로', '등록', '사람']}
            rows={stats.bySource.map((row) => [
              SOURCE_LABELS[row.source] ?? row.source,
              row.leads,
              row.people,
            ])}
          />
          <FigureTable
            caption="유입 매체·캠페인별"
            file={`캠페인별_${suffix}.csv`}
            head={['유입 매체(utm_source)', '캠페인(utm_campaign)', '등록', '사람']}
            rows={stats.byUtm.map((row) => [
              row.utmSource ?? '(없음)',
              row.utmCampaign ?? '(없음)',
              row.leads,
              row.people,
            ])}
          />
          <FigureTable
            caption="다가오는 방문 예약"
            file={`방문예약_${suffix}.csv`}
            head={['날짜', '예약']}
            rows={stats.upcomingVisits.map((day) => [day.date, day.visits])}
          />
        </>
      )}
    </div>
  )
}

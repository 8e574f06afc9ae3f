import {useMemo, useState, type FormEvent} from 'react'
import {fetchStats, type StatsQuery} from '#src/lib/api/stats.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {FormError} from '#src/components/forms/FormError.tsx'
import {SiteSelect} from '#src/components/forms/SiteSelect.tsx'
import {useLoaded} from '#src/lib/use-loaded.ts'
import {StatsChart} from './StatsChart.tsx'
import {statsFigures, visitHeadlines, type StatsFigure} from './stats-figures.ts'
import type {VisitOutcomes} from '#shared/leads/stats.ts'
import {CSV_BOM, csvLine} from '#shared/csv.ts'
import {saveFile} from '#src/lib/save-file.ts'
import {ColumnHeadings} from './ColumnHeadings.tsx'

/** A table's rows as a CSV file for Excel. */
function downloadCsv(name: string, rows: Array<Array<string | number>>) {
  const text = CSV_BOM + rows.map(csvLine).join('')
  saveFile(new Blob([text], {type: 'text/csv;charset=utf-8'}), name)
}

/** A figure: its chart, its numbers as a table with its caption, the same rows as a CSV. */
function Figure({caption, file, head, rows, chart}: StatsFigure) {
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
        <>
          <StatsChart {...chart} label={`${caption} 그래프 (숫자는 아래 표)`} />
          <div className="leads-table-wrap" tabIndex={0} role="region" aria-label={caption}>
            <table className="leads-table">
              <caption className="visually-hidden">{caption}</caption>
              <ColumnHeadings names={head} />
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
        </>
      )}
    </div>
  )
}

/** The period's arrival, no-show and waiting-list rates, each with its counts. */
function VisitResults({totals}: {totals: VisitOutcomes}) {
  return (
    <section className="stats-results" aria-labelledby="stats-results-title">
      <h3 id="stats-results-title">방문 결과</h3>
      <dl>
        {visitHeadlines(totals).map(({label, value}) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="lead-muted">
        예약 시간이 지난 방문을 현장의 방문 확인과 노쇼 기록으로 셉니다(직원이 직접 바꾼 진행 단계는
        반영하지 않습니다). 방문율과 노쇼율의 괄호 안은 해당 건수와 예약 시간이 지난 방문 수이고,
        대기 확정률은 빈자리를 제안받은 대기자 중 예약을 확정한 비율입니다.
      </p>
    </section>
  )
}

interface StatsDashboardProps {
  sites: Array<{slug: string | null; name: string | null}>
}

/** The staff page's first screen: the leads of a period, per site or all, at a glance. */
export function StatsDashboard({sites}: StatsDashboardProps) {
  const [query, setQuery] = useState<StatsQuery>({site: '', from: '', to: ''})
  const [draft, setDraft] = useState<StatsQuery>(query)
  // The figures shown stay while other conditions are read, and when those are refused.
  const loaded = useLoaded(() => fetchStats(query), [query], {keep: true})
  const stats = loaded.data
  const {error, fields} = loaded

  const figures = useMemo(() => (stats ? statsFigures(stats) : []), [stats])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setQuery(draft)
  }
  const suffix = stats ? `${stats.from}_${stats.to}` : ''

  return (
    <div className="stats-view">
      <form className="lead-filters" onSubmit={onSubmit} aria-label="통계 조건">
        <div className="form-field">
          <SiteSelect
            id="stats-site"
            sites={sites}
            value={draft.site}
            onChange={(site) => setDraft({...draft, site})}
            empty="전체"
            {...errorAttributes('stats-site-error', fields.site)}
          />
          <FieldError id="stats-site-error" message={fields.site} />
        </div>
        <div className="form-field">
          <label htmlFor="stats-from">시작일</label>
          <input
            id="stats-from"
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({...draft, from: event.target.value})}
            {...errorAttributes('stats-from-error', fields.from)}
          />
          <FieldError id="stats-from-error" message={fields.from} />
        </div>
        <div className="form-field">
          <label htmlFor="stats-to">종료일</label>
          <input
            id="stats-to"
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({...draft, to: event.target.value})}
            {...errorAttributes('stats-to-error', fields.to)}
          />
          <FieldError id="stats-to-error" message={fields.to} />
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
          <VisitResults totals={stats.visits.totals} />
          {figures.map((figure) => (
            <Figure key={figure.caption} {...figure} file={`${figure.file}_${suffix}.csv`} />
          ))}
        </>
      )}
    </div>
  )
}

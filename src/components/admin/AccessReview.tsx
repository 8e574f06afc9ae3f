import {useState, type FormEvent} from 'react'
import {
  ACCESS_TASKS,
  kstMonth,
  nextMonth,
  previousMonth,
  type AccessItem,
  type AccessReview as Review,
} from '#shared/access/access-record.ts'
import {addDays} from '#shared/korea-time.ts'
import {FormError} from '#src/components/forms/FormError.tsx'
import {AccessFlags} from './AccessFlags.tsx'
import {AccessLogTable} from './AccessLogTable.tsx'
import {actorLabel, monthLabel} from './access-labels.ts'
import {fetchAccessLog, fetchAccessReview, type AccessQuery} from '#src/lib/api/access.ts'
import {ReviewMarks} from './ReviewMarks.tsx'
import {ColumnHeadings} from './ColumnHeadings.tsx'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {useLoaded} from '#src/lib/use-loaded.ts'

interface Filters {
  month: string
  actor: string
  task: string
}

/** The month's first and last days, as the record's query takes them. */
function monthQuery({month, actor, task}: Filters): AccessQuery {
  return {from: `${month}-01`, to: addDays(`${nextMonth(month)}-01`, -1), actor, task}
}

type Rows = {filters: Filters; items: AccessItem[]; nextCursor: string | null}

/**
 * 접속기록 점검, for administrators: a month of the access record by person and task, what it
 * flags for a look, and the mark that the month was reviewed.
 */
export function AccessReview() {
  const thisMonth = kstMonth(Date.now())
  const [filters, setFilters] = useState<Filters>({
    month: previousMonth(thisMonth),
    actor: '',
    task: '',
  })
  const [draft, setDraft] = useState(filters)
  // The month's review stays on screen (its people offered as choices) while other filters load.
  const loaded = useLoaded(
    async () => {
      const [reviewed, page] = await Promise.all([
        fetchAccessReview(filters.month, filters.actor),
        fetchAccessLog(monthQuery(filters), null),
      ])
      if (!reviewed.ok) return reviewed
      if (!page.ok) return page
      const rows: Rows = {filters, items: page.items, nextCursor: page.nextCursor}
      return {ok: true as const, review: reviewed, rows}
    },
    [filters],
    {keep: true},
  )
  const [loadingMore, setLoadingMore] = useState(false)
  // A page that failed to load, for the filters it was asked for.
  const [moreFailed, setMoreFailed] = useState<{filters: Filters; error: string} | null>(null)
  const review = loaded.data?.review ?? null
  const {fields} = loaded
  const error = loaded.error ?? (moreFailed?.filters === filters ? moreFailed.error : null)

  async function loadMore(cursor: string) {
    setLoadingMore(true)
    const page = await fetchAccessLog(monthQuery(filters), cursor)
    setLoadingMore(false)
    if (!page.ok) return setMoreFailed({filters, error: page.error})
    // The page joins the rows of the filters it was asked for, if they are still shown.
    loaded.setData(
      (data) =>
        data &&
        (data.rows.filters === filters
          ? {
              ...data,
              rows: {
                filters,
                items: [...data.rows.items, ...page.items],
                nextCursor: page.nextCursor,
              },
            }
          : data),
    )
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFilters(draft)
  }

  const rows = loaded.data?.rows
  const current = rows?.filters === filters ? rows : null
  const people = review?.people ?? []

  return (
    <div className="access-review">
      <form className="lead-filters" onSubmit={onSubmit} aria-label="접속기록 조회 조건">
        <div className="form-field">
          <label htmlFor="access-month">월</label>
          <input
            id="access-month"
            type="month"
            value={draft.month}
            max={thisMonth}
            required
            onChange={(event) => setDraft({...draft, month: event.target.value})}
            {...errorAttributes('access-month-error', fields.month)}
          />
          <FieldError id="access-month-error" message={fields.month} />
        </div>
        <div className="form-field">
          <label htmlFor="access-actor">직원</label>
          <select
            id="access-actor"
            value={draft.actor}
            onChange={(event) => setDraft({...draft, actor: event.target.value})}
          >
            <option value="">전체</option>
            {/* The person asked for stays offered while their month shows nobody. */}
            {[...new Set([...people.map((person) => person.actor), draft.actor])]
              .filter(Boolean)
              .map((actor) => (
                <option key={actor} value={actor}>
                  {actorLabel(actor)}
                </option>
              ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="access-task">작업</label>
          <select
            id="access-task"
            value={draft.task}
            onChange={(event) => setDraft({...draft, task: event.target.value})}
          >
            <option value="">전체</option>
            {ACCESS_TASKS.map((task) => (
              <option key={task} value={task}>
                {task}
              </option>
            ))}
          </select>
        </div>
        <div className="lead-filter-actions">
          <button type="submit">조회</button>
        </div>
      </form>
      <FormError message={error} />
      {!review || !current ? (
        error ? null : (
          <p className="leads-loading">불러오는 중...</p>
        )
      ) : (
        <>
          <ReviewMarks
            key={review.month}
            month={review.month}
            ended={review.month < thisMonth}
            marks={review.reviews}
            onMarked={(reviews) =>
              loaded.setData((data) => data && {...data, review: {...review, reviews}})
            }
          />
          <AccessFlags flags={review.flags} threshold={review.bulkThreshold} />
          <PeopleTable review={review} />
          <h2>
            {monthLabel(review.month)} 접속기록
            {filters.actor ? ` · ${actorLabel(filters.actor)}` : ''}
            {filters.task ? ` · ${filters.task}` : ''}
          </h2>
          {current.items.length === 0 ? (
            <p className="leads-empty">조건에 맞는 접속기록이 없습니다.</p>
          ) : (
            <AccessLogTable items={current.items} />
          )}
          {loadingMore ? <p className="leads-loading">불러오는 중...</p> : null}
          {current.nextCursor && !loadingMore ? (
            <button
              type="button"
              className="leads-more"
              onClick={() => void loadMore(current.nextCursor!)}
            >
              더 보기
            </button>
          ) : null}
        </>
      )}
    </div>
  )
}

/** Each person's requests in the month, by task. */
function PeopleTable({review}: {review: Review}) {
  const head = ['직원', ...ACCESS_TASKS, '합계']
  return (
    <section aria-labelledby="access-people-title">
      <h2 id="access-people-title">직원별 요청 수</h2>
      {review.people.length === 0 ? (
        <p className="lead-muted">이 달의 접속기록이 없습니다.</p>
      ) : (
        <div className="leads-table-wrap" tabIndex={0} role="region" aria-label="직원별 요청 수">
          <table className="leads-table">
            <caption className="visually-hidden">직원별 요청 수</caption>
            <ColumnHeadings names={head} />
            <tbody>
              {review.people.map((person) => (
                <tr key={person.actor}>
                  <td data-label="직원">{actorLabel(person.actor)}</td>
                  {ACCESS_TASKS.map((task) => (
                    <td key={task} data-label={task}>
                      {(person.tasks[task] ?? 0).toLocaleString('ko-KR')}
                    </td>
                  ))}
                  <td data-label="합계">{person.total.toLocaleString('ko-KR')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

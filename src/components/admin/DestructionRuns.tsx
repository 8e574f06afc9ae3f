import {kstDate} from '#shared/korea-time.ts'
import {DESTROYED_KINDS, type DestroyedKind} from '#shared/privacy/destruction-runs.ts'
import {FormError} from '#src/components/forms/FormError.tsx'
import {formatLeadTime} from './lead-labels.ts'
import {fetchDestructionRuns} from '#src/lib/api/destruction-runs.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'

const KINDS = Object.entries(DESTROYED_KINDS) as Array<[DestroyedKind, string]>

/**
 * 개인정보 파기 기록 (administrators): the retention job's latest runs, each with how many
 * of each kind it destroyed. The record counts, and names nobody.
 */
export function DestructionRuns() {
  const runs = useLoaded(fetchDestructionRuns, [])
  const answer = runs.data
  const error = runs.error

  return (
    <section className="destruction-runs" aria-labelledby="destruction-runs-title">
      <h2 id="destruction-runs-title">개인정보 파기 기록</h2>
      {answer ? (
        <p className="lead-muted">
          접수일로부터 {answer.retentionDays}일이 지난 등록과 그에 딸린 기록, 그리고 보관 기간이
          지난 로그인 세션·접근 기록·인증번호·요청 기록을 매일 새벽 4시에 되살릴 수 없게 지웁니다.
          몇 건을 지웠는지만 남기고, 누구의 정보였는지는 남기지 않습니다.
        </p>
      ) : null}
      <FormError message={error} />
      {!answer ? (
        error ? null : (
          <p className="leads-loading">불러오는 중...</p>
        )
      ) : answer.runs.length === 0 ? (
        <p className="lead-muted">아직 파기 작업이 실행된 적이 없습니다.</p>
      ) : (
        <div className="leads-table-wrap" tabIndex={0} role="region" aria-label="파기 실행 기록">
          <table className="leads-table">
            <caption className="visually-hidden">최근 파기 실행과 지운 건수</caption>
            <thead>
              <tr>
                <th scope="col">실행 일시</th>
                <th scope="col">대상 접수일</th>
                {KINDS.map(([kind, label]) => (
                  <th key={kind} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.runs.map((run, index) => (
                <tr key={`${run.at}-${index}`}>
                  <td data-label="실행 일시" className="lead-receipt">
                    {formatLeadTime(run.at)}
                  </td>
                  <td data-label="대상 접수일" className="lead-receipt">
                    {kstDate(Date.parse(run.leadsBefore))} 이전
                  </td>
                  {KINDS.map(([kind, label]) => (
                    <td key={kind} data-label={label} className="destroyed-count">
                      {run.destroyed[kind] ?? 0}건
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

import type {AccessItem} from '#shared/access/access-record.ts'
import {kstDateTime} from '#shared/korea-time.ts'
import {actorLabel, FLAG_LABELS, refusalLabel, screenOf, subjectText} from './access-labels.ts'
import {ColumnHeadings} from './ColumnHeadings.tsx'

/** What came of a request, in words. */
function outcome(item: AccessItem): string {
  if (item.refused) return `거부: ${refusalLabel(item.refused)}`
  if (item.status < 400) return '처리됨'
  return item.status === 404 ? '대상 없음' : `처리 안 됨 (${item.status})`
}

const HEAD = ['일시', '직원', '접속 주소', '작업', '대상', '결과', '표시'] as const

/** The record's rows, newest first: who, when, from where, what, whose data, and the flags. */
export function AccessLogTable({items}: {items: AccessItem[]}) {
  return (
    <div className="leads-table-wrap" tabIndex={0} role="region" aria-label="접속기록">
      <table className="leads-table access-log-table">
        <caption className="visually-hidden">접속기록</caption>
        <ColumnHeadings names={HEAD} />
        <tbody>
          {items.map((item, index) => (
            <tr key={`${item.at}-${index}`}>
              <td data-label="일시" className="lead-receipt">
                {kstDateTime(Date.parse(item.at))}
              </td>
              <td data-label="직원">{actorLabel(item.actor)}</td>
              <td data-label="접속 주소" className="lead-phone">
                {item.address}
              </td>
              <td data-label="작업">
                <span>
                  <strong>{item.task}</strong> · {screenOf(item.path)}
                </span>
              </td>
              <td data-label="대상">
                <span>
                  {subjectText(item) || '-'}
                  {item.reason ? <span className="access-reason">사유: {item.reason}</span> : null}
                </span>
              </td>
              <td data-label="결과">{outcome(item)}</td>
              <td data-label="표시">
                {item.flags.length === 0 ? (
                  '-'
                ) : (
                  <ul className="access-badges">
                    {item.flags.map((flag) => (
                      <li key={flag}>{FLAG_LABELS[flag]}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

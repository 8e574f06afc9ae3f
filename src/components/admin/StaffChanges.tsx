import type {StaffChange} from '#src/lib/api/staff-accounts.ts'
import {formatLeadTime} from './lead-labels.ts'
import {changeText} from './staff-labels.ts'

/** The latest grants, changes and removals of access, newest first (all are kept three years). */
export function StaffChanges({
  changes,
  siteNames,
}: {
  changes: StaffChange[]
  siteNames: ReadonlyMap<string, string>
}) {
  return (
    <section className="staff-changes" aria-labelledby="staff-changes-heading">
      <h3 id="staff-changes-heading">권한 변경 기록</h3>
      <p>권한을 주고 바꾸고 거둔 기록은 3년 동안 보관합니다. 최근 100건을 보여 줍니다.</p>
      {changes.length === 0 ? (
        <p className="leads-empty">아직 기록이 없습니다.</p>
      ) : (
        <ol className="staff-change-list">
          {changes.map((change, index) => (
            <li key={`${change.at}-${index}`}>
              <time dateTime={change.at}>{formatLeadTime(change.at)}</time>{' '}
              <strong>{change.email}</strong> {changeText(change, siteNames)}
              <span className="staff-change-actor"> · 처리: {change.actor}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

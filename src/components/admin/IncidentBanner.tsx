import {formatLeadTime} from './lead-labels.ts'
import {fetchIncidents} from '#src/lib/api/operations.ts'
import {incidentTitle} from './operations-labels.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'

/** The open incidents are read again this often while the workspace is open. */
const POLL_MS = 60_000

/**
 * The open incidents of the machinery (texts failing, a job late, forwarding failing), at the
 * top of every workspace view for administrators: whatever way the alarm took, and when the
 * texts that would carry it are what fails, it is here. `view` reads them again on each change
 * of view.
 */
export function IncidentBanner({view, onOpen}: {view: string; onOpen: () => void}) {
  // The minute's poll never refreshes the sign-in: with nobody working it waits, and the
  // next view the person opens reads the incidents again. A failed read keeps the last ones.
  const open = useLoaded(({polled}) => fetchIncidents({background: polled}), [view], {
    keep: true,
    pollMs: POLL_MS,
  })
  const incidents = open.data?.incidents ?? []

  if (incidents.length === 0) return null
  return (
    <section className="incident-banner" aria-labelledby="incident-banner-title">
      <h2 id="incident-banner-title">
        <span aria-hidden="true">⚠ </span>운영 문제 {incidents.length}건이 해결되지 않았습니다
      </h2>
      <ul>
        {incidents.map((incident) => (
          <li key={`${incident.kind}-${incident.subject}`}>
            <strong>{incidentTitle(incident)}</strong> {incident.detail}{' '}
            <span className="lead-muted">
              ({formatLeadTime(incident.openedAt)}부터, 알림: {incident.told})
            </span>
          </li>
        ))}
      </ul>
      {view === 'health' ? null : (
        <button type="button" onClick={onOpen}>
          운영 상태 열기
        </button>
      )}
    </section>
  )
}

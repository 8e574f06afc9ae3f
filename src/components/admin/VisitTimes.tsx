import {telHref} from '#src/components/layout/tel-href.ts'
import {formatVisitClock} from '#shared/visits/visit-time.ts'
import {SOURCE_LABELS, STAGE_LABELS} from './lead-labels.ts'
import {ownerName} from '#src/lib/api/owners.ts'
import {groupBy, mayCheckIn, mayMarkNoShow, visitState} from './visit-state.ts'
import type {StaffVisit, WaitlistCount} from '#src/lib/api/staff-visits.ts'

interface VisitTimesProps {
  /** The visits of one day, by start. */
  visits: readonly StaffVisit[]
  /** Today in Seoul ('YYYY-MM-DD'): only today's visitors are checked in. */
  today: string
  /** The site's name beside each visit; null when the list shows one site. */
  siteName: ((slug: string) => string) | null
  /** The slots' waiting lists, counted beside their time. */
  waitlist?: readonly WaitlistCount[]
  /** Opens the visitor's lead; `opener` takes the focus back when it closes. */
  onOpen(visit: StaffVisit, opener: HTMLElement): void
  onCheckIn(visit: StaffVisit): void
  onNoShow(visit: StaffVisit): void
}

/**
 * A day's visits by time: each visitor's state, a name that opens the lead, a phone to tap,
 * the lead's stage and owner, and one tap to check them in (방문완료) or, once their time has
 * started, to mark a no-show.
 */
export function VisitTimes({
  visits,
  today,
  siteName,
  waitlist = [],
  onOpen,
  onCheckIn,
  onNoShow,
}: VisitTimesProps) {
  return groupBy(visits, (visit) => formatVisitClock(visit.start)).map(([time, timeVisits]) => (
    <div key={time} className="visit-schedule-slot">
      <h3>
        {time}
        <WaitlistBadge counts={waitlist} start={timeVisits[0]!.start} />
      </h3>
      <ul>
        {timeVisits.map((visit) => (
          <li key={visit.leadId} className={`is-${visitState(visit, today).tone}`}>
            <span className="visit-schedule-status">{visitState(visit, today).label}</span>
            <button
              type="button"
              className="visit-schedule-name"
              aria-label={`${visit.name} 님 문의 열기`}
              onClick={(event) => onOpen(visit, event.currentTarget)}
            >
              {visit.name}
            </button>
            <a href={telHref(visit.phone)} aria-label={`${visit.name} ${visit.phone} 전화 걸기`}>
              {visit.phone}
            </a>
            <span className="visit-schedule-stage">
              단계 {STAGE_LABELS[visit.stage] ?? visit.stage}
            </span>
            <span className="lead-muted">
              {visit.receipt} · {SOURCE_LABELS[visit.source] ?? visit.source}
              {siteName ? ` · ${siteName(visit.site)}` : ''}
              {visit.owner ? ` · 담당 ${ownerName(visit.owner)}` : ''}
            </span>
            {visit.message ? <p className="visit-schedule-message">{visit.message}</p> : null}
            {mayCheckIn(visit, today) ? (
              <button
                type="button"
                className="visit-schedule-check-in"
                aria-label={`${visit.name} 님 방문완료 처리`}
                onClick={() => onCheckIn(visit)}
              >
                방문완료
              </button>
            ) : null}
            {mayMarkNoShow(visit, Date.now()) ? (
              <button
                type="button"
                className="visit-schedule-no-show"
                aria-label={`${visit.name} 님 노쇼 기록`}
                onClick={() => onNoShow(visit)}
              >
                노쇼
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  ))
}

/** The slot's waiting list, summed over the sites shown: 대기 2명 · 안내 중 1명. */
function WaitlistBadge({counts, start}: {counts: readonly WaitlistCount[]; start: string}) {
  const slot = counts.filter((count) => count.start === start)
  const waiting = slot.reduce((sum, count) => sum + count.waiting, 0)
  const offered = slot.reduce((sum, count) => sum + count.offered, 0)
  if (waiting + offered === 0) return null
  const parts = [waiting ? `대기 ${waiting}명` : '', offered ? `안내 중 ${offered}명` : '']
  return <span className="visit-schedule-waitlist">{parts.filter(Boolean).join(' · ')}</span>
}

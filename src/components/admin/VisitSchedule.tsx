import {useState} from 'react'
import {kstDate} from '#shared/korea-time.ts'
import {telHref} from '#src/components/layout/tel-href.ts'
import type {ConsentNotice} from '#src/lib/registration/consent.ts'
import {formatVisitClock, formatVisitDay} from '#shared/visits/visit-time.ts'
import {CheckInForm} from './CheckInForm.tsx'
import {siteNamesOf} from './lead-labels.ts'
import {SiteSelect} from '#src/components/forms/SiteSelect.tsx'
import {useLeadPanel} from './useLeadPanel.tsx'
import {checkIn, noShow} from './visit-actions.ts'
import {groupBy, timeOfDay, visitState} from './visit-state.ts'
import {VisitTimes} from './VisitTimes.tsx'
import {fetchStaffVisits, registerWalkIn, type StaffVisit} from '#src/lib/api/staff-visits.ts'
import {WalkInForm, type WalkInOutcome} from './WalkInForm.tsx'
import type {WalkInBody} from '#src/lib/api/staff-visits.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'

/** Today's visits nobody confirmed, not arrived nor missed: the ones to call. */
const toCall = (items: readonly StaffVisit[], today: string) =>
  items.filter((visit) => visitState(visit, today).tone === 'unconfirmed')

/** Choices of the period: today first, then the coming days. */
const PERIODS = [
  {days: 1, label: '오늘'},
  {days: 7, label: '7일'},
  {days: 14, label: '14일'},
  {days: 31, label: '31일'},
] as const

interface VisitScheduleProps {
  sites: ReadonlyArray<{slug: string | null; name: string | null}>
  /** What the consent a walk-in ticks covers (the privacy content). */
  consent?: ConsentNotice | null
}

/**
 * 방문 일정: who is coming today (and, asked, on the next days), by day and time, with a phone
 * to tap, a name that opens the lead, the visit's state and the lead's stage, the visitors of
 * today to call (미확인), and one tap to check a visitor in or to mark a no-show.
 */
export function VisitSchedule({sites, consent = null}: VisitScheduleProps) {
  const [site, setSite] = useState('')
  const [days, setDays] = useState(1)
  const visits = useLoaded(() => fetchStaffVisits(site, days), [site, days])
  const items = visits.data?.items ?? null
  const waitlist = visits.data?.waitlist ?? []
  const [notice, setNotice] = useState('')
  const today = kstDate(Date.now())
  const siteNames = siteNamesOf(sites)
  const siteName = (slug: string) => siteNames.get(slug) ?? slug
  const {open, panel} = useLeadPanel(siteNames, visits.reload)

  async function registerAtDesk(body: WalkInBody, key: string): Promise<WalkInOutcome> {
    const result = await registerWalkIn(body, key)
    if (!result.ok) return {ok: false, message: result.error, fields: result.fields}
    visits.reload()
    const {name, arrivedAt} = result.visit
    return {
      ok: true,
      message: result.walkIn
        ? `${name} 님을 현장 방문으로 등록하고 ${timeOfDay(arrivedAt)} 방문을 확인했습니다.`
        : `${name} 님의 오늘 예약을 찾아 ${timeOfDay(arrivedAt)} 방문을 확인했습니다.`,
    }
  }

  /** A one-tap action on a visit: the list read again when it succeeds. */
  async function act<T extends {ok: boolean; message: string}>(done: Promise<T>): Promise<T> {
    const outcome = await done
    if (outcome.ok) visits.reload()
    return outcome
  }

  return (
    <div className="visit-schedule">
      <div className="visit-schedule-filters">
        <SiteSelect sites={sites} value={site} onChange={setSite} empty="전체" />
        <label>
          기간
          <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {PERIODS.map((period) => (
              <option key={period.days} value={period.days}>
                {period.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <CheckInForm sites={sites} site={site} onCheckIn={(by) => act(checkIn(by))} />
      <WalkInForm sites={sites} site={site} consent={consent} onRegister={registerAtDesk} />
      {panel}
      <div role="status" className="leads-notice">
        {visits.error ?? (items === null ? '불러오는 중...' : notice)}
      </div>
      {items && toCall(items, today).length > 0 ? (
        <section className="visit-schedule-call" aria-labelledby="visit-call-heading">
          <h2 id="visit-call-heading">
            오늘 전화 확인{' '}
            <span className="visit-schedule-count">미확인 {toCall(items, today).length}건</span>
          </h2>
          <p className="lead-muted">전날 방문 확인을 누르지 않은 오늘 방문객입니다.</p>
          <ul>
            {toCall(items, today).map((visit) => (
              <li key={visit.leadId}>
                <span>{formatVisitClock(visit.start)}</span> <strong>{visit.name}</strong>{' '}
                <a
                  href={telHref(visit.phone)}
                  aria-label={`${visit.name} ${visit.phone} 전화 걸기`}
                >
                  {visit.phone}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {items && items.length === 0 ? (
        <p className="leads-empty">
          {days === 1 ? '오늘 잡힌 방문 예약이 없습니다.' : '이 기간에 잡힌 방문 예약이 없습니다.'}
        </p>
      ) : null}
      {items
        ? groupBy(items, (visit) => visit.start.slice(0, 10)).map(([day, dayVisits]) => (
            <section key={day} className="visit-schedule-day" aria-labelledby={`visit-day-${day}`}>
              <h2 id={`visit-day-${day}`}>
                {formatVisitDay(day)}{' '}
                <span className="visit-schedule-count">
                  {dayVisits.filter((visit) => visit.status === 'booked').length}건
                </span>
              </h2>
              <VisitTimes
                visits={dayVisits}
                today={today}
                siteName={site ? null : siteName}
                waitlist={waitlist}
                onOpen={(visit, opener) => open(visit.leadId, opener)}
                onCheckIn={(visit) =>
                  void act(checkIn({visitId: visit.leadId})).then((done) => setNotice(done.message))
                }
                onNoShow={(visit) =>
                  void act(noShow(visit)).then((done) => setNotice(done.message))
                }
              />
            </section>
          ))
        : null}
    </div>
  )
}

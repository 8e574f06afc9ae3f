import {useEffect, useRef, useState} from 'react'
import {kstDate, kstTime} from '#shared/korea-time.ts'
import {telHref} from '~/components/layout/tel-href.ts'
import type {ConsentNotice} from '~/lib/registration/consent.ts'
import {formatVisitDay, formatVisitTime} from '~/lib/visits/slots.ts'
import {CheckInForm} from './CheckInForm.tsx'
import {LeadDetailPanel} from './LeadDetailPanel.tsx'
import {SOURCE_LABELS, STAGE_LABELS} from './lead-labels.ts'
import {
  checkInVisit,
  fetchAdminVisits,
  markNoShow,
  registerWalkIn,
  type AdminVisit,
  type WaitlistCount,
} from './visits-api.ts'
import {type WalkInBody, WalkInForm, type WalkInOutcome} from './WalkInForm.tsx'

/** The time of day in Seoul of an instant (`HH:MM`). */
const timeOfDay = (iso: string) => kstTime(Date.parse(iso))

/**
 * Where a visit stands, as the list names it: a visit of today nobody confirmed the day before
 * is 미확인, to be called; other days' bookings are 예약 until confirmed.
 */
function visitState(visit: AdminVisit, today: string): {label: string; tone: string} {
  if (visit.status === 'cancelled') return {label: '취소', tone: 'cancelled'}
  if (visit.arrivedAt) return {label: `방문완료 ${timeOfDay(visit.arrivedAt)}`, tone: 'arrived'}
  if (visit.noShowAt) return {label: '노쇼', tone: 'no-show'}
  if (visit.confirmedAt) return {label: '확인됨', tone: 'confirmed'}
  if (visit.start.slice(0, 10) === today) return {label: '미확인', tone: 'unconfirmed'}
  return {label: '예약', tone: 'booked'}
}

/** Today's visits nobody confirmed, not arrived nor missed: the ones to call. */
const toCall = (items: readonly AdminVisit[], today: string) =>
  items.filter((visit) => visitState(visit, today).tone === 'unconfirmed')

/** A visit staff may mark a no-show: booked, its slot started, nobody arrived, not marked. */
const mayMarkNoShow = (visit: AdminVisit, now: number) =>
  visit.status === 'booked' && !visit.arrivedAt && !visit.noShowAt && Date.parse(visit.start) <= now

/** Choices of the period: today first, then the coming days. */
const PERIODS = [
  {days: 1, label: '오늘'},
  {days: 7, label: '7일'},
  {days: 14, label: '14일'},
  {days: 31, label: '31일'},
] as const

/** Lists grouped by a key, in the order the items come (the endpoint orders by start). */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Array<[string, T[]]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return [...groups]
}

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
  const [items, setItems] = useState<AdminVisit[] | null>(null)
  const [waitlist, setWaitlist] = useState<WaitlistCount[]>([])
  const [error, setError] = useState<string | null>(null)
  const [reload, setReload] = useState(0)
  const [notice, setNotice] = useState('')
  const today = kstDate(Date.now())
  const siteNames = new Map(
    sites.flatMap((option) =>
      option.slug ? [[option.slug, option.name ?? option.slug] as const] : [],
    ),
  )
  const siteName = (slug: string) => siteNames.get(slug) ?? slug
  const [opened, setOpened] = useState<string | null>(null)
  // Where the focus goes back to when the lead's panel closes: the name that opened it.
  const opener = useRef<HTMLElement | null>(null)

  async function registerAtDesk(body: WalkInBody, key: string): Promise<WalkInOutcome> {
    const result = await registerWalkIn(body, key)
    if (!result.ok) return {ok: false, message: result.error, fields: result.fields}
    setReload((count) => count + 1)
    const {name, arrivedAt} = result.visit
    return {
      ok: true,
      message: result.walkIn
        ? `${name} 님을 현장 방문으로 등록하고 ${timeOfDay(arrivedAt)} 방문을 확인했습니다.`
        : `${name} 님의 오늘 예약을 찾아 ${timeOfDay(arrivedAt)} 방문을 확인했습니다.`,
    }
  }

  async function checkIn(by: {site: string; code: string} | {visitId: string}) {
    const result = await checkInVisit(by)
    if (!result.ok) return {ok: false, message: result.error}
    setReload((count) => count + 1)
    const {name, arrivedAt} = result.visit
    return {ok: true, message: `${name} 님의 방문을 ${timeOfDay(arrivedAt)}에 확인했습니다.`}
  }

  async function noShow(visit: AdminVisit) {
    const result = await markNoShow(visit.leadId)
    if (!result.ok) return setNotice(result.error)
    setReload((count) => count + 1)
    setNotice(`${visit.name} 님을 노쇼로 기록했습니다.`)
  }

  useEffect(() => {
    let current = true
    setItems(null)
    setError(null)
    void fetchAdminVisits(site, days).then((result) => {
      if (!current) return
      if (result.ok) {
        setItems(result.items)
        setWaitlist(result.waitlist ?? [])
      } else setError(result.error)
    })
    return () => {
      current = false
    }
  }, [site, days, reload])

  return (
    <div className="visit-schedule">
      <div className="visit-schedule-filters">
        <label>
          현장
          <select value={site} onChange={(event) => setSite(event.target.value)}>
            <option value="">전체</option>
            {sites.map((option) =>
              option.slug ? (
                <option key={option.slug} value={option.slug}>
                  {option.name ?? option.slug}
                </option>
              ) : null,
            )}
          </select>
        </label>
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
      <CheckInForm sites={sites} site={site} onCheckIn={checkIn} />
      <WalkInForm sites={sites} site={site} consent={consent} onRegister={registerAtDesk} />
      {opened ? (
        <LeadDetailPanel
          id={opened}
          siteNames={siteNames}
          onClose={() => {
            setOpened(null)
            opener.current?.focus()
          }}
          onOpen={setOpened}
          onChanged={() => setReload((count) => count + 1)}
        />
      ) : null}
      <div role="status" className="leads-notice">
        {error ?? (items === null ? '불러오는 중...' : notice)}
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
                <span>{formatVisitTime(visit.start)}</span> <strong>{visit.name}</strong>{' '}
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
              {groupBy(dayVisits, (visit) => formatVisitTime(visit.start)).map(
                ([time, timeVisits]) => (
                  <div key={time} className="visit-schedule-slot">
                    <h3>
                      {time}
                      <WaitlistBadge counts={waitlist} start={timeVisits[0]!.start} />
                    </h3>
                    <ul>
                      {timeVisits.map((visit) => (
                        <li key={visit.leadId} className={`is-${visitState(visit, today).tone}`}>
                          <span className="visit-schedule-status">
                            {visitState(visit, today).label}
                          </span>
                          <button
                            type="button"
                            className="visit-schedule-name"
                            aria-label={`${visit.name} 님 문의 열기`}
                            onClick={(event) => {
                              opener.current = event.currentTarget
                              setOpened(visit.leadId)
                            }}
                          >
                            {visit.name}
                          </button>
                          <a
                            href={telHref(visit.phone)}
                            aria-label={`${visit.name} ${visit.phone} 전화 걸기`}
                          >
                            {visit.phone}
                          </a>
                          <span className="visit-schedule-stage">
                            단계 {STAGE_LABELS[visit.stage] ?? visit.stage}
                          </span>
                          <span className="lead-muted">
                            {visit.receipt} · {SOURCE_LABELS[visit.source] ?? visit.source}
                            {site ? '' : ` · ${siteName(visit.site)}`}
                            {visit.owner ? ` · 담당 ${visit.owner}` : ''}
                          </span>
                          {visit.message ? (
                            <p className="visit-schedule-message">{visit.message}</p>
                          ) : null}
                          {visit.status === 'booked' && !visit.arrivedAt && day === today ? (
                            <button
                              type="button"
                              className="visit-schedule-check-in"
                              aria-label={`${visit.name} 님 방문 확인`}
                              onClick={() =>
                                void checkIn({visitId: visit.leadId}).then((done) =>
                                  setNotice(done.message),
                                )
                              }
                            >
                              방문 확인
                            </button>
                          ) : null}
                          {mayMarkNoShow(visit, Date.now()) ? (
                            <button
                              type="button"
                              className="visit-schedule-no-show"
                              aria-label={`${visit.name} 님 노쇼 기록`}
                              onClick={() => void noShow(visit)}
                            >
                              노쇼
                            </button>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                ),
              )}
            </section>
          ))
        : null}
    </div>
  )
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

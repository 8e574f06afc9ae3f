import {useEffect, useRef, useState} from 'react'
import {kstDate, kstTime} from '#shared/korea-time.ts'
import {telHref} from '~/components/layout/tel-href.ts'
import type {ConsentNotice} from '~/lib/registration/consent.ts'
import {formatVisitDay, formatVisitTime} from '~/lib/visits/slots.ts'
import {CheckInForm} from './CheckInForm.tsx'
import {LeadDetailPanel} from './LeadDetailPanel.tsx'
import {SOURCE_LABELS} from './lead-labels.ts'
import {
  checkInVisit,
  fetchAdminVisits,
  registerWalkIn,
  type AdminVisit,
  type WaitlistCount,
} from './visits-api.ts'
import {type WalkInBody, WalkInForm, type WalkInOutcome} from './WalkInForm.tsx'

const VISIT_STATUS_LABELS: Record<AdminVisit['status'], string> = {
  booked: '예약',
  cancelled: '취소',
}

/** The time of day in Seoul of an instant (`HH:MM`). */
const timeOfDay = (iso: string) => kstTime(Date.parse(iso))

const statusLabel = (visit: AdminVisit) =>
  visit.arrivedAt ? `방문완료 ${timeOfDay(visit.arrivedAt)}` : VISIT_STATUS_LABELS[visit.status]

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
 * 방문 일정: who is coming today and on the next days, by day and time, with a phone to tap, a
 * name that opens the lead, and the visitor's arrival.
 */
export function VisitSchedule({sites, consent = null}: VisitScheduleProps) {
  const [site, setSite] = useState('')
  const [days, setDays] = useState(14)
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
            <option value={1}>오늘</option>
            <option value={7}>7일</option>
            <option value={14}>14일</option>
            <option value={31}>31일</option>
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
      {items && items.length === 0 ? (
        <p className="leads-empty">이 기간에 잡힌 방문 예약이 없습니다.</p>
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
                        <li
                          key={visit.leadId}
                          className={`is-${visit.arrivedAt ? 'arrived' : visit.status}`}
                        >
                          <span className="visit-schedule-status">{statusLabel(visit)}</span>
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
                          <span className="lead-muted">
                            {visit.receipt} · {SOURCE_LABELS[visit.source] ?? visit.source}
                            {site ? '' : ` · ${siteName(visit.site)}`}
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

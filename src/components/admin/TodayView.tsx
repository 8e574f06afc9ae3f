import {useEffect, useRef, useState} from 'react'
import {formatVisitDay} from '#shared/visits/visit-time.ts'
import {CallOutcomeButtons} from './CallOutcomeButtons.tsx'
import {siteNamesOf, STAGE_LABELS} from './lead-labels.ts'
import {SiteSelect} from '#src/components/forms/SiteSelect.tsx'
import {fetchToday, type CallToMake} from '#src/lib/api/today.ts'
import {lastCallText, reasonText} from './today-labels.ts'
import {useLeadPanel} from './useLeadPanel.tsx'
import {checkIn, noShow, type VisitActionOutcome} from './visit-actions.ts'
import {VisitTimes} from './VisitTimes.tsx'
import {useLoaded} from '#src/lib/use-loaded.ts'

interface TodayViewProps {
  sites: ReadonlyArray<{slug: string | null; name: string | null}>
}

/** A call just recorded: where the focus and the word go once the list is read again. */
interface Recorded {
  leadId: string
  name: string
  message: string
  /** What had the focus when it was recorded (a button of the lead's card). */
  focus: HTMLElement | null
}

/**
 * 오늘: a counsellor's day on one screen, made for a phone at the door as for a desk. The
 * visitors expected today by time, each checked in with one tap; then the staff member's own
 * leads to call, overdue first, each with why it is listed, a number to tap and the call's
 * outcome in one tap. A recorded call moves the lead (or takes it off the day) as the list
 * read again places it.
 */
export function TodayView({sites}: TodayViewProps) {
  const [site, setSite] = useState('')
  // The day stays on screen while it is read again.
  const today = useLoaded(() => fetchToday(site), [site], {keep: true})
  const day = today.data
  const [notice, setNotice] = useState('')
  const recorded = useRef<Recorded | null>(null)
  const callsHeading = useRef<HTMLHeadingElement>(null)
  const siteNames = siteNamesOf(sites)
  const named = sites.filter((option) => option.slug)
  // Each visit and call names its site only while the day covers several.
  const siteName = !site && named.length > 1 ? (slug: string) => siteNames.get(slug) ?? slug : null
  const again = today.reload
  const {open, panel} = useLeadPanel(siteNames, again)

  // After a call is recorded and the list read again: the card has lost the focus (its button
  // was disabled while the call was sent, and moving a node blurs it), which goes back to the
  // button pressed, or to the lead's name when that button is hidden now; a lead taken off the
  // day says so where the list is heard, and the focus goes to the list's heading.
  useEffect(() => {
    const call = recorded.current
    if (!call || !day) return
    recorded.current = null
    if (day.calls.some((listed) => listed.leadId === call.leadId)) {
      if (document.activeElement && document.activeElement !== document.body) return
      const pressed = call.focus?.isConnected && call.focus.offsetParent ? call.focus : null
      const name = call.focus
        ?.closest('.today-call')
        ?.querySelector<HTMLElement>('.today-call-name')
      return (pressed ?? name)?.focus()
    }
    setNotice(`${call.name} 님: ${call.message} 오늘 전화할 목록에서 뺐습니다.`)
    callsHeading.current?.focus()
  }, [day])

  async function act(done: Promise<VisitActionOutcome>) {
    const outcome = await done
    setNotice(outcome.message)
    if (outcome.ok) again()
  }

  const overdue = day?.calls.filter((call) => call.overdue && !call.triedToday).length ?? 0
  return (
    <div className="today-view">
      <div className="today-head">
        <p className="today-date">
          오늘 <strong>{day ? formatVisitDay(day.date) : ''}</strong>
        </p>
        {named.length > 1 ? (
          <SiteSelect sites={sites} value={site} onChange={setSite} empty="전체" />
        ) : null}
        <button type="button" onClick={again}>
          새로 고침
        </button>
      </div>
      {day ? (
        <p className="today-summary">
          <a href="#today-visits">방문 예정 {day.visits.length}명</a>
          <a href="#today-calls">
            전화할 문의 {day.calls.length}건{overdue > 0 ? ` (기한 지남 ${overdue}건)` : ''}
          </a>
        </p>
      ) : null}
      {panel}
      <div role="status" className="leads-notice">
        {today.error ?? (day === null ? '불러오는 중...' : notice)}
      </div>
      {day ? (
        <>
          <section id="today-visits" className="today-section" aria-labelledby="today-visits-h">
            <h2 id="today-visits-h">
              오늘 방문 예정 <span className="visit-schedule-count">{day.visits.length}명</span>
            </h2>
            {day.visits.length === 0 ? (
              <p className="leads-empty">오늘 예정된 방문이 없습니다.</p>
            ) : (
              <VisitTimes
                visits={day.visits}
                today={day.date}
                siteName={siteName}
                onOpen={(visit, opener) => open(visit.leadId, opener)}
                onCheckIn={(visit) => void act(checkIn({visitId: visit.leadId}))}
                onNoShow={(visit) => void act(noShow(visit))}
              />
            )}
          </section>
          <section id="today-calls" className="today-section" aria-labelledby="today-calls-h">
            <h2 id="today-calls-h" ref={callsHeading} tabIndex={-1}>
              전화할 내 문의 <span className="visit-schedule-count">{day.calls.length}건</span>
            </h2>
            {day.calls.length === 0 ? (
              <p className="leads-empty">지금 전화할 내 문의가 없습니다.</p>
            ) : (
              <>
                <p className="lead-muted">
                  기한이 지난 것부터 보여 드립니다. 부재로 기록한 문의는 맨 아래로 내려갑니다.
                </p>
                <ol className="today-calls">
                  {day.calls.map((call) => (
                    <CallCard
                      key={call.leadId}
                      call={call}
                      siteName={siteName}
                      onOpen={(opener) => open(call.leadId, opener)}
                      onRecorded={(message, focus) => {
                        recorded.current = {leadId: call.leadId, name: call.name, message, focus}
                        setNotice('')
                        again()
                      }}
                    />
                  ))}
                </ol>
              </>
            )}
          </section>
        </>
      ) : null}
    </div>
  )
}

interface CallCardProps {
  call: CallToMake
  siteName: ((slug: string) => string) | null
  onOpen(opener: HTMLElement): void
  /** A call recorded: the words that said so, and what last had the focus in the card. */
  onRecorded(message: string, focus: HTMLElement | null): void
}

/** One lead to call: why, when, its last call, a number to tap and the call's outcome. */
function CallCard({call, siteName, onOpen, onRecorded}: CallCardProps) {
  const now = Date.now()
  // The button pressed loses the focus while the call is sent (it is disabled meanwhile).
  const focused = useRef<HTMLElement | null>(null)
  const flag = call.triedToday ? '다시 걸기' : call.overdue ? '기한 지남' : null
  return (
    <li
      onFocus={(event) => {
        focused.current = event.target
      }}
      className={`today-call${call.overdue && !call.triedToday ? ' is-overdue' : ''}${call.triedToday ? ' is-tried' : ''}`}
    >
      <div className="today-call-head">
        {flag ? <span className="today-call-flag">{flag}</span> : null}
        <button
          type="button"
          className="today-call-name"
          aria-label={`${call.name} 님 문의 열기`}
          onClick={(event) => onOpen(event.currentTarget)}
        >
          {call.name}
        </button>
        <span className={`lead-stage is-${call.stage}`}>{STAGE_LABELS[call.stage]}</span>
        <span className="lead-muted">
          {call.receipt}
          {siteName ? ` · ${siteName(call.site)}` : ''}
        </span>
      </div>
      <ul className="today-call-reasons">
        {call.reasons.map((reason) => {
          const {text, late} = reasonText(reason, call.lastCall, now)
          return (
            <li key={reason.kind} className={late ? 'is-late' : undefined}>
              {text}
            </li>
          )
        })}
      </ul>
      {call.lastCall ? <p className="today-call-last">{lastCallText(call.lastCall, now)}</p> : null}
      <CallOutcomeButtons
        lead={{id: call.leadId, name: call.name, phone: call.phone}}
        onRecorded={(_detail, message) => onRecorded(message, focused.current)}
      />
    </li>
  )
}

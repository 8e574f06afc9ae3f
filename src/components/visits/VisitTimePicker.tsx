import {useId, useRef, useState, type KeyboardEvent} from 'react'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {useLoaded} from '#src/lib/use-loaded.ts'
import {OFFER_MINUTES} from '#shared/visits/waitlist.ts'
import {
  closedReasonText,
  fetchVisitSlots,
  formatVisitDayShort,
  groupSlotsByDay,
  remainingLabel,
  type VisitSlot,
  type VisitWindow,
} from '#src/lib/visits/slots.ts'
import {formatVisitAt, formatVisitClock, formatVisitDay} from '#shared/visits/visit-time.ts'

export const UNDECIDED_LABEL = '방문 일시는 상담 후 결정'

/** What a visit-time field of a form takes, whichever way it shows the times. */
export interface VisitTimeFieldProps {
  site: string
  /** The chosen slot's `start`; '' for "decided with the counsellor". */
  value: string
  onChange: (start: string) => void
  /** The element id the form focuses when the time has an error. */
  id: string
  error?: string
  /** The nearest free slots of a 409 answer, offered first. */
  suggestions?: readonly VisitSlot[]
  /** Changes when the slots must be asked for again (after a 409). */
  refresh?: number
  /**
   * Full times may be chosen for their waiting list: `chosen` while the value is one,
   * `onChoose` when one is picked.
   */
  waitlist?: {chosen: boolean; onChoose: (start: string) => void}
}

interface VisitTimePickerProps extends VisitTimeFieldProps {
  /** The move on the visitor's page has no "undecided" choice. */
  allowUndecided?: boolean
  legend?: string
  /** The visit being moved: its time is marked 현재 예약 and cannot be chosen again. */
  current?: string
}

export type VisitWindowLoad =
  {status: 'loading'} | {status: 'error'} | ({status: 'ready'} & VisitWindow)

/**
 * The site's slots, asked for again when `refresh` changes (after a 409); the times shown stay
 * while they are.
 */
export function useVisitWindow(site: string, refresh: number): VisitWindowLoad {
  const slots = useLoaded(
    () =>
      fetchVisitSlots(site, {fresh: refresh > 0}).then(
        (window) => ({ok: true as const, ...window}),
        // The picker says the times could not be read in its own words.
        () => ({ok: false as const, error: ''}),
      ),
    [site, refresh],
    {keep: true},
  )
  if (slots.state === 'failed') return {status: 'error'}
  return slots.data ? {status: 'ready', ...slots.data} : {status: 'loading'}
}

/**
 * The visit time: the days as a row of tabs (arrow keys move between them), the times of the
 * chosen day as radio buttons with what each has left (마감 when full, not choosable). A day
 * the house stays closed keeps its tab, marked 휴관 with the reason in its panel, so that a
 * missing day never looks like a gap in the calendar. The remaining count of the chosen time
 * and the errors are announced.
 */
export function VisitTimePicker({
  site,
  value,
  onChange,
  id,
  error,
  suggestions,
  refresh = 0,
  allowUndecided = true,
  legend = '방문 희망 일시',
  current,
  waitlist,
}: VisitTimePickerProps) {
  const base = useId()
  const load = useVisitWindow(site, refresh)
  const [day, setDay] = useState<string | null>(null)
  const tabs = useRef<Array<HTMLButtonElement | null>>([])

  const days =
    load.status === 'ready' ? groupSlotsByDay(load.slots, load.holidays, load.closed) : []
  const shownDay =
    days.find((candidate) => candidate.date === (day ?? value.slice(0, 10))) ??
    days.find((candidate) => candidate.slots.some((slot) => slot.remaining > 0)) ??
    days.find((candidate) => !candidate.closed) ??
    days[0]
  // A time that filled (a refusal, a fresh look) is shown 마감 and no longer chosen.
  // A full one is chosen only for its waiting list.
  const isChosen = (slot: VisitSlot) =>
    slot.start === value &&
    slot.start !== current &&
    (slot.remaining > 0 ? !waitlist?.chosen : Boolean(waitlist?.chosen))
  const chosen = load.status === 'ready' ? load.slots.find(isChosen) : null
  const errorId = `${base}-error`
  const radioName = `${base}-time`

  function onTabKey(event: KeyboardEvent, index: number): void {
    const step = {ArrowRight: 1, ArrowLeft: -1, Home: -index, End: days.length - 1 - index}[
      event.key
    ]
    if (step === undefined) return
    event.preventDefault()
    const next = (index + step + days.length) % days.length
    setDay(days[next]!.date)
    tabs.current[next]?.focus()
  }

  // Each row is a radio group of its own, so that Tab reaches each of them (a group's tab
  // stop is its checked radio, else its first one) and the arrow keys stay within it.
  const timeOption = (slot: VisitSlot, group: string, withDay = false) => {
    const isCurrent = slot.start === current
    const state = isCurrent ? 'is-current' : slot.remaining > 0 ? '' : 'is-full'
    const waits = Boolean(waitlist) && !isCurrent && slot.remaining <= 0
    return (
      <label
        key={slot.start}
        className={`visit-time ${state} ${waits ? 'can-wait' : ''} ${isChosen(slot) ? 'is-chosen' : ''}`}
      >
        <input
          type="radio"
          name={`${radioName}-${group}`}
          value={slot.start}
          checked={isChosen(slot)}
          disabled={isCurrent || (slot.remaining <= 0 && !waits)}
          onChange={() => (waits ? waitlist!.onChoose(slot.start) : onChange(slot.start))}
        />
        <span className="visit-time-at">
          {withDay ? formatVisitAt(slot.start) : formatVisitClock(slot.start)}
        </span>
        <span className="visit-time-left">
          {isCurrent ? '현재 예약' : remainingLabel(slot.remaining)}
          {waits ? (
            <>
              {' '}
              <span className="visit-time-wait">대기 신청</span>
            </>
          ) : null}
        </span>
      </label>
    )
  }

  return (
    <fieldset id={id} tabIndex={-1} className="visit-picker" {...errorAttributes(errorId, error)}>
      <legend>
        {legend} <span className="optional-mark">{allowUndecided ? '(선택)' : ''}</span>
      </legend>
      {allowUndecided ? (
        <label className={`visit-undecided ${value === '' ? 'is-chosen' : ''}`}>
          <input
            type="radio"
            name={`${radioName}-undecided`}
            value=""
            checked={value === ''}
            onChange={() => onChange('')}
          />
          <span>{UNDECIDED_LABEL}</span>
        </label>
      ) : null}
      {suggestions && suggestions.length > 0 ? (
        <div className="visit-suggestions" role="radiogroup" aria-label="가장 가까운 빈 시간">
          <p className="visit-suggestions-title">가장 가까운 빈 시간</p>
          {suggestions.map((slot) => timeOption(slot, 'nearest', true))}
        </div>
      ) : null}
      {load.status === 'loading' ? (
        <p className="visit-picker-note">예약 가능한 시간을 불러오는 중입니다…</p>
      ) : load.status === 'error' ? (
        <p className="visit-picker-note">
          예약 가능한 시간을 불러오지 못했습니다. 상담 후 결정을 선택하시면 상담사가 연락드려 일정을
          잡아 드립니다.
        </p>
      ) : days.every((candidate) => candidate.closed) ? (
        <p className="visit-picker-note">지금은 예약 가능한 시간이 없습니다.</p>
      ) : (
        <>
          <div className="visit-days" role="tablist" aria-label="방문 날짜">
            {days.map((candidate, index) => {
              const selected = candidate === shownDay
              const free = candidate.slots.some((slot) => slot.remaining > 0)
              const state = candidate.closed ? '휴관' : free ? '예약 가능' : '마감'
              return (
                <button
                  key={candidate.date}
                  ref={(element) => {
                    tabs.current[index] = element
                  }}
                  type="button"
                  role="tab"
                  id={`${base}-day-${candidate.date}`}
                  aria-selected={selected}
                  aria-controls={`${base}-times`}
                  aria-label={[
                    formatVisitDay(candidate.date),
                    candidate.holiday,
                    state === '예약 가능' ? '' : state,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                  tabIndex={selected ? 0 : -1}
                  className={`visit-day ${candidate.closed ? 'is-closed' : free ? '' : 'is-full'}`}
                  onClick={() => setDay(candidate.date)}
                  onKeyDown={(event) => onTabKey(event, index)}
                >
                  <span>{formatVisitDayShort(candidate.date)}</span>
                  {candidate.holiday ? (
                    <span className="visit-day-holiday">{candidate.holiday}</span>
                  ) : null}
                  <span className="visit-day-left">{state}</span>
                </button>
              )
            })}
          </div>
          {shownDay ? (
            <div
              id={`${base}-times`}
              role="tabpanel"
              aria-labelledby={`${base}-day-${shownDay.date}`}
            >
              {shownDay.closed ? (
                <p className="visit-picker-closed">
                  <strong>휴관일입니다</strong> · {closedReasonText(shownDay)}
                  <br />
                  이날은 방문 예약을 받지 않습니다. 다른 날짜를 골라 주세요.
                </p>
              ) : (
                <div
                  className="visit-times"
                  role="radiogroup"
                  aria-label={`${formatVisitDay(shownDay.date)} 방문 시간`}
                >
                  {shownDay.slots.map((slot) => timeOption(slot, 'day'))}
                </div>
              )}
            </div>
          ) : null}
        </>
      )}
      {chosen && chosen.remaining <= 0 ? (
        <p className="visit-waitlist-note">
          선택하신 <strong>{formatVisitAt(value)}</strong> 방문은 마감되어 대기 신청으로 접수됩니다.
          자리가 나면 문자로 알려 드리고 {OFFER_MINUTES}분 동안 자리를 잡아 둡니다.
        </p>
      ) : null}
      <p className="visit-picker-live" aria-live="polite">
        {chosen
          ? `선택한 시간: ${formatVisitAt(value)}, ${chosen.remaining > 0 ? remainingLabel(chosen.remaining) : '마감, 대기 신청'}`
          : ''}
      </p>
      <div aria-live="assertive">
        <FieldError id={errorId} message={error} />
      </div>
    </fieldset>
  )
}

import type {ReactNode} from 'react'
import {formatVisitDayShort, remainingLabel} from '#src/lib/visits/slots.ts'
import {UNDECIDED_LABEL} from './VisitTimePicker.tsx'

interface VisitTimeStageProps {
  /** The times of the fullest day the picker can show. */
  slots: number
  /** The days the picker shows as tabs. */
  days: number
  /** The way to the time page before the script, then the picker. */
  children: ReactNode
}

/**
 * The visit-time field's place in a registration form, as tall from the first paint as the
 * picker is with its fullest day: the way to the time page, the picker asking for the times
 * and the picker showing them all take the same place, so nothing below them moves when the
 * times arrive or another day is chosen. An unseen copy of the picker's shape holds the
 * height; without scripts, where the way to the time page stays, it is dropped (forms.css).
 */
export function VisitTimeStage({slots, days, children}: VisitTimeStageProps) {
  return (
    <div className="visit-time-stage">
      {children}
      {slots > 0 ? <PickerShape slots={slots} days={days} /> : null}
    </div>
  )
}

/** The picker's elements, disabled and hidden, with a holiday's line on a day tab. */
function PickerShape({slots, days}: {slots: number; days: number}) {
  return (
    <fieldset className="visit-picker visit-time-shape" aria-hidden="true" disabled>
      <legend>방문 희망 일시</legend>
      <label className="visit-undecided">
        <input type="radio" />
        <span>{UNDECIDED_LABEL}</span>
      </label>
      <div className="visit-days">
        {Array.from({length: days}, (_, index) => (
          <button key={index} type="button" className="visit-day">
            <span>{formatVisitDayShort('2026-12-25')}</span>
            {index === 0 ? <span className="visit-day-holiday">기독탄신일</span> : null}
            <span className="visit-day-left">예약 가능</span>
          </button>
        ))}
      </div>
      <div className="visit-time-shape-times">
        {Array.from({length: slots}, (_, index) => (
          <label key={index} className="visit-time">
            <input type="radio" />
            <span className="visit-time-at">00:00</span>
            <span className="visit-time-left">{remainingLabel(4)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

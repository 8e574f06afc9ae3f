import {UNDECIDED_LABEL} from './VisitTimePicker.tsx'
import {
  closedReasonText,
  groupSlotsByDay,
  remainingLabel,
  type VisitWindow,
} from '#src/lib/visits/slots.ts'
import {formatVisitClock, formatVisitDay} from '#shared/visits/visit-time.ts'

/**
 * The visit times as plain radio buttons, a group per day, with the seats each had when the
 * page was served: the form without JavaScript (the time page) offers them this way. Full
 * times are shown 마감 and cannot be chosen; a closed day says why.
 */
export function VisitTimeList({slots, holidays, closed}: VisitWindow) {
  const days = groupSlotsByDay(slots, holidays, closed)
  return (
    <div className="visit-time-list">
      <p className="visit-time-list-title">
        방문 희망 일시 <span className="optional-mark">(선택)</span>
      </p>
      <label className="visit-undecided">
        <input type="radio" name="visitAt" value="" defaultChecked />
        <span>{UNDECIDED_LABEL}</span>
      </label>
      {days.every((day) => day.closed) ? (
        <p className="visit-picker-note">지금은 예약 가능한 시간이 없습니다.</p>
      ) : (
        days.map((day) => (
          <fieldset key={day.date} className="visit-time-day">
            <legend>{[formatVisitDay(day.date), day.holiday].filter(Boolean).join(' ')}</legend>
            {day.closed ? (
              <p className="visit-picker-note">휴관일입니다 · {closedReasonText(day)}</p>
            ) : (
              <div className="visit-times">
                {day.slots.map((slot) => (
                  <label
                    key={slot.start}
                    className={`visit-time ${slot.remaining > 0 ? '' : 'is-full'}`}
                  >
                    <input
                      type="radio"
                      name="visitAt"
                      value={slot.start}
                      disabled={slot.remaining <= 0}
                    />
                    <span className="visit-time-at">{formatVisitClock(slot.start)}</span>
                    <span className="visit-time-left">{remainingLabel(slot.remaining)}</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        ))
      )}
    </div>
  )
}

import {FieldError} from '~/components/forms/FieldError.tsx'
import {UNDECIDED_LABEL, useVisitWindow, type VisitTimeFieldProps} from './VisitTimePicker.tsx'
import {
  formatVisitAt,
  formatVisitDay,
  formatVisitTime,
  groupSlotsByDay,
  remainingLabel,
  type VisitSlot,
} from '~/lib/visits/slots.ts'

/**
 * The visit time as one native select, grouped by day: for a form that must stay one
 * screen high (the home page's reservation section on a desktop steps a screen at a time).
 * A full time is listed as 마감 and cannot be chosen; the nearest free times of a 409 come
 * first.
 */
export function VisitTimeSelect({
  site,
  value,
  onChange,
  id,
  error,
  suggestions,
  refresh = 0,
}: VisitTimeFieldProps) {
  const load = useVisitWindow(site, refresh)
  const days = load.status === 'ready' ? groupSlotsByDay(load.slots, load.holidays) : []
  const errorId = `${id}-error`
  const option = (slot: VisitSlot, label: string) => (
    <option key={slot.start} value={slot.start} disabled={slot.remaining <= 0}>
      {`${label} · ${remainingLabel(slot.remaining)}`}
    </option>
  )
  return (
    <div className="form-field">
      <label htmlFor={id}>
        방문 희망 일시 <span className="optional-mark">(선택)</span>
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">
          {load.status === 'loading'
            ? '예약 가능한 시간을 불러오는 중입니다…'
            : load.status === 'error'
              ? `시간을 불러오지 못했습니다: ${UNDECIDED_LABEL}`
              : UNDECIDED_LABEL}
        </option>
        {suggestions && suggestions.length > 0 ? (
          <optgroup label="가장 가까운 빈 시간">
            {suggestions.map((slot) => option(slot, formatVisitAt(slot.start)))}
          </optgroup>
        ) : null}
        {days.map((day) => (
          <optgroup
            key={day.date}
            label={[formatVisitDay(day.date), day.holiday].filter(Boolean).join(' ')}
          >
            {day.slots.map((slot) => option(slot, formatVisitTime(slot.start)))}
          </optgroup>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  )
}

import {checkedLabel, remainingLabel} from '#shared/units/remaining.ts'

interface Counted {
  remaining?: number | null
  remainingCheckedAt?: string | null
}

/** Whether the type's remaining units were counted (a count and its day). */
export const isCounted = <T extends Counted>(
  unit: T,
): unit is T & {remaining: number; remainingCheckedAt: string} =>
  typeof unit.remaining === 'number' && Boolean(unit.remainingCheckedAt)

/** 잔여 N세대 (or 마감) and the day it was counted, for one unit type; nothing if uncounted. */
export function RemainingUnits({unit, className = ''}: {unit: Counted; className?: string}) {
  if (!isCounted(unit)) return null
  return (
    <p className={`unit-remaining ${unit.remaining === 0 ? 'is-closed' : ''} ${className}`}>
      <strong>{remainingLabel(unit.remaining)}</strong>{' '}
      <span className="unit-remaining__date">{checkedLabel(unit.remainingCheckedAt)}</span>
    </p>
  )
}

/** The 선착순 계약 notice editors switch on in the site settings. */
export function FirstComeNotice({className = ''}: {className?: string}) {
  return <p className={`first-come-notice ${className}`}>선착순 계약 진행 중</p>
}

/**
 * The remaining units of a unit type as the site and the advertising text write them:
 * `잔여 3세대` or `마감`, and the day they were counted, `11월 26일 기준`. Pure: the site's
 * pages and the functions' texts share the wording.
 */

export interface UnitRemaining {
  label: string
  /** Units left; 0 is 마감. */
  remaining: number
  /** The day it was counted, 'YYYY-MM-DD'. */
  checkedAt: string
}

export const remainingLabel = (remaining: number): string =>
  remaining > 0 ? `잔여 ${remaining}세대` : '마감'

/** '2026-11-26' → '11월 26일 기준'. */
export function checkedLabel(date: string): string {
  const [, month, day] = date.split('-').map(Number)
  return `${month}월 ${day}일 기준`
}

/**
 * Every counted type in one line, as the advert's `#{잔여}` reads: `84A 잔여 3세대, 84B 마감
 * (11월 26일 기준)`, dated by the oldest count (the line claims no more than that). Empty
 * when no type is counted.
 */
export function remainingSummary(units: readonly UnitRemaining[]): string {
  if (units.length === 0) return ''
  const oldest = units.map((unit) => unit.checkedAt).sort()[0]!
  const list = units.map((unit) => `${unit.label} ${remainingLabel(unit.remaining)}`).join(', ')
  return `${list} (${checkedLabel(oldest)})`
}

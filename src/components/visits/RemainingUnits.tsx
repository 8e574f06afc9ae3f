import {checkedLabel, remainingLabel, type UnitRemaining} from '#shared/units/remaining.ts'

/**
 * The site's remaining units now, one line per type (`잔여 3세대` or `마감`), dated by the
 * oldest count: the figures the confirmation text points the visitor to. Nothing when no
 * type is counted.
 */
export function RemainingUnits({units}: {units: readonly UnitRemaining[]}) {
  if (units.length === 0) return null
  const oldest = units.map((unit) => unit.checkedAt).sort()[0]
  return (
    <section className="visit-remaining" aria-labelledby="visit-remaining-title">
      <h2 id="visit-remaining-title">잔여 세대 현황</h2>
      <ul>
        {units.map((unit) => (
          <li key={unit.label} className={unit.remaining > 0 ? '' : 'is-closed'}>
            <span className="visit-remaining-type">{unit.label}</span>{' '}
            <span className="visit-remaining-count">{remainingLabel(unit.remaining)}</span>
          </li>
        ))}
      </ul>
      {oldest ? <p className="visit-remaining-date">{checkedLabel(oldest)}</p> : null}
    </section>
  )
}

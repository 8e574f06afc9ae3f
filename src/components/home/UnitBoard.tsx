import {Link} from 'react-router'
import {checkedLabel, remainingLabel} from '#shared/units/remaining.ts'
import {FirstComeNotice, isCounted} from '#src/components/units/RemainingUnits.tsx'
import type {UnitTypeCard} from './types.ts'

/**
 * The remaining units of every counted type at a glance, dated by the oldest count (the
 * board claims no more than that), with the 선착순 notice when editors switch it on.
 */
export function UnitBoard({units, firstCome}: {units: UnitTypeCard[]; firstCome: boolean}) {
  const counted = units.filter(isCounted)
  if (counted.length === 0) return firstCome ? <FirstComeNotice /> : null
  const oldest = counted.map((unit) => unit.remainingCheckedAt).sort()[0]!
  return (
    <div className="unit-board">
      <div className="unit-board__head">
        <h4 className="unit-board__title">잔여 세대</h4>
        <p className="unit-board__date">{checkedLabel(oldest)}</p>
        {firstCome ? <FirstComeNotice /> : null}
      </div>
      <ul className="unit-board__list">
        {counted.map((unit) => (
          <li key={unit._id} className={unit.remaining === 0 ? 'is-closed' : undefined}>
            {unit.slug ? (
              <Link to={`/FloorPlan/${unit.slug}`}>{unit.label ?? unit.code}</Link>
            ) : (
              <span>{unit.label ?? unit.code}</span>
            )}
            <strong>{remainingLabel(unit.remaining)}</strong>
          </li>
        ))}
      </ul>
    </div>
  )
}

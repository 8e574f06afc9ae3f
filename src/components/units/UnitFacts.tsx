import {formatArea, formatCount} from '#src/lib/content-pages/korean-format.ts'

export interface UnitFigures {
  exclusiveArea?: number | null
  supplyArea?: number | null
  households?: number | null
  bedrooms?: number | null
  bathrooms?: number | null
}

/** "방 3 · 욕실 2": the rooms of a type, or nothing when the content does not count them. */
export function unitRooms(unit: UnitFigures): string | null {
  const parts = [
    unit.bedrooms ? `방 ${unit.bedrooms}` : null,
    unit.bathrooms ? `욕실 ${unit.bathrooms}` : null,
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : null
}

/**
 * A unit type's figures as page text beside its plan (the plan is a picture: figures drawn in
 * it shrink with it on a phone and cannot be read aloud or copied). Rows the content leaves
 * empty are left out.
 */
export function UnitFacts({unit, className = ''}: {unit: UnitFigures; className?: string}) {
  const rows: Array<[string, string | null]> = [
    ['전용면적', unit.exclusiveArea ? formatArea(unit.exclusiveArea) : null],
    ['공급면적', unit.supplyArea ? formatArea(unit.supplyArea) : null],
    ['세대수', unit.households ? formatCount(unit.households, '세대') : null],
    ['구성', unitRooms(unit)],
  ]
  const shown = rows.filter((row): row is [string, string] => row[1] !== null)
  if (shown.length === 0) return null
  return (
    <dl className={`unit-facts ${className}`.trim()}>
      {shown.map(([term, value]) => (
        <div key={term} className="unit-facts__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

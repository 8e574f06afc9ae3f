import type {ReactNode} from 'react'
import {Link} from 'react-router'
import {useSwitcher} from './useSwitcher.ts'
import {SanityImage} from '#src/components/SanityImage.tsx'
import {TabList} from '#src/components/tabs/TabList.tsx'
import {UnitFacts} from '#src/components/units/UnitFacts.tsx'
import type {UnitTypeCard} from './types.ts'

const typeName = (unit: UnitTypeCard) => unit.label ?? unit.code ?? ''

/** The plan's rendition width: the widest it is shown (the desktop column). */
const PLAN_WIDTH = 800
const PLAN_SIZES = `(max-width: 900px) calc(100vw - 40px), ${PLAN_WIDTH}px`

/**
 * The unit types as tabs with previous/next arrows that stop at the ends; the floor plan
 * cross-fades for 500 ms when the type changes. On a wide screen the plan takes the row and
 * the rest (`intro`, the tabs, the type's figures) stands in a column beside it.
 */
export function UnitSwitcher({units, intro}: {units: UnitTypeCard[]; intro?: ReactNode}) {
  const switcher = useSwitcher(units.length)
  const current = units[switcher.index]
  const leaving = switcher.leaving === null ? undefined : units[switcher.leaving]
  if (!current) return null
  return (
    <div className="unit-switcher">
      <div className="unit-switcher__side">
        {intro}
        <div className="unit-switcher__bar">
          <button
            type="button"
            className="unit-switcher__arrow unit-switcher__arrow--prev"
            onClick={switcher.prev}
            disabled={!switcher.canPrev}
          >
            <span className="visually-hidden">이전 타입</span>
          </button>
          <TabList
            tabs={units.map((unit) => ({key: unit._id, label: typeName(unit)}))}
            selected={switcher.index}
            onSelect={switcher.select}
            label="세대 타입"
            idPrefix="unit"
            panelId={() => 'unit-panel'}
            className="unit-switcher__tabs"
            tabClassName="unit-switcher__tab"
          />
          <button
            type="button"
            className="unit-switcher__arrow unit-switcher__arrow--next"
            onClick={switcher.next}
            disabled={!switcher.canNext}
          >
            <span className="visually-hidden">다음 타입</span>
          </button>
        </div>
      </div>
      <div
        id="unit-panel"
        className="unit-switcher__panel"
        role="tabpanel"
        aria-labelledby={`unit-tab-${switcher.index}`}
      >
        <div className="unit-switcher__stage">
          {leaving && (
            <div
              key={`leaving-${leaving._id}`}
              className="unit-switcher__plan is-leaving"
              aria-hidden="true"
            >
              <SanityImage image={leaving.image} width={PLAN_WIDTH} sizes={PLAN_SIZES} />
            </div>
          )}
          <div key={current._id} className={`unit-switcher__plan ${leaving ? 'is-entering' : ''}`}>
            <SanityImage image={current.image} width={PLAN_WIDTH} sizes={PLAN_SIZES} />
          </div>
        </div>
        <div className="unit-switcher__info">
          <UnitFacts unit={current} className="unit-switcher__facts" />
          {current.slug && (
            <Link to={`/FloorPlan/${current.slug}`} className="unit-switcher__link">
              {`${typeName(current)} 평면 자세히 보기`}
            </Link>
          )}
        </div>
      </div>
    </div>
  )
}

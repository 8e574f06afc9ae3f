import {useAccordion} from './useAccordion.ts'
import {AccordionItem} from './AccordionItem.tsx'
import {EmodelTours} from '#src/components/pages/EmodelTours.tsx'
import type {EmodelTour, HomeContent, UnitTypeCard} from './types.ts'
import {UnitBoard} from './UnitBoard.tsx'
import {UnitSwitcher} from './UnitSwitcher.tsx'

/** The home page draws the E-model tabs in its own style (home.css). */
const EMODEL_TAB_CLASSES = {
  root: 'emodel-tabs',
  list: 'emodel-tabs__list',
  tab: 'emodel-tabs__tab',
  panel: 'emodel-tabs__panel',
}

/** The section's heading when the dataset gives none. */
const DEFAULT_HEADING = '세대안내'

type UnitPlanItem = 'types' | 'vr'

/**
 * The unit-plan accordion: unit types open (as it starts, so that its screen shows the plans
 * rather than two closed rows), VR open, or both closed. The section's heading stays its own:
 * the items' titles are said once, on their buttons.
 */
export function UnitPlanSection({
  section,
  units,
  tours,
  firstCome = false,
}: {
  section: HomeContent['unitPlanSection']
  units: UnitTypeCard[]
  tours: EmodelTour[]
  /** The 선착순 계약 notice is on (site settings). */
  firstCome?: boolean
}) {
  const {toggle, isOpen} = useAccordion<UnitPlanItem>('types')
  const titles: Record<UnitPlanItem, string> = {
    types: section?.typesTitle ?? '',
    vr: section?.emodelTitle ?? '',
  }
  return (
    <section
      id="home-unit-plan"
      className="home-section home-unit-plan"
      aria-labelledby="home-unit-plan-title"
    >
      <h2 id="home-unit-plan-title" className="home-section__title">
        {section?.heading || DEFAULT_HEADING}
      </h2>
      <div className="accordion home-unit-plan__accordion">
        <AccordionItem
          id="unit-plan-types"
          title={titles.types}
          open={isOpen('types')}
          onToggle={() => toggle('types')}
          headingLevel={3}
        >
          <UnitSwitcher
            units={units}
            intro={
              <>
                {section?.typesText && <p className="home-section__text">{section.typesText}</p>}
                <UnitBoard units={units} firstCome={firstCome} />
              </>
            }
          />
        </AccordionItem>
        <AccordionItem
          id="unit-plan-vr"
          title={titles.vr}
          open={isOpen('vr')}
          onToggle={() => toggle('vr')}
          headingLevel={3}
        >
          {section?.emodelText && <p className="home-section__text">{section.emodelText}</p>}
          <EmodelTours
            tours={tours}
            showFrame={isOpen('vr')}
            frameClassName="tour-frame--home"
            classes={EMODEL_TAB_CLASSES}
          />
        </AccordionItem>
      </div>
    </section>
  )
}

import {Suspense} from 'react'
import {LazyRegistrationForm} from '#src/components/registration/LazyRegistrationForm.tsx'
import {ModelHouseInfo} from '#src/components/visits/ModelHouseInfo.tsx'
import {modelHouseOf, useLayoutData} from '#src/lib/layout-data.ts'
import {ComplexAccordion} from './ComplexAccordion.tsx'
import {HeroSection} from './HeroSection.tsx'
import {MobileOverview} from './MobileOverview.tsx'
import {PremiumCardsSection} from './PremiumCardsSection.tsx'
import {TextImageSection} from './TextImageSection.tsx'
import type {HomeData, UnitTypeCard} from './types.ts'
import {UnitPlanSection} from './UnitPlanSection.tsx'
import {UntilNear} from './UntilNear.tsx'

/** The reservation form's box: '방문예약' links elsewhere point at it (/#reservation). */
const RESERVATION_ID = 'reservation'

/** The complex's one unit size: the home switcher shows its A, B and C types. */
const UNIT_SIZE_M2 = 84

const switcherUnits = (units: UnitTypeCard[]) =>
  units.filter(
    (unit) => unit.exclusiveArea != null && Math.floor(unit.exclusiveArea) === UNIT_SIZE_M2,
  )

/**
 * The home page. Wide screens show one viewport-high section at a time, moved by the wheel
 * and the keyboard from the first paint on (data-section-steps: src/page-script/section-steps.ts);
 * narrow screens stack the sections with the mobile-only accordions and slider between them.
 * Both layouts are in the HTML and CSS picks one, so the prerendered page never depends on
 * the viewport.
 */
export function HomePage({data}: {data: HomeData}) {
  const home = data.home
  const layout = useLayoutData()
  const firstCome = Boolean(layout.settings.firstComeNotice)
  const modelHouse = modelHouseOf(layout)
  return (
    <div className="home" data-section-steps="">
      <HeroSection hero={home?.hero} />
      <MobileOverview content={home?.mobileOverview} slides={data.premiumSlides} />
      <TextImageSection
        id="home-location"
        className="home-location"
        content={home?.locationPoints}
        items={home?.locationPoints?.points}
      />
      <TextImageSection id="home-brand" className="home-brand" content={home?.brandIntro} />
      <TextImageSection
        id="home-special"
        className="home-special"
        content={home?.specialPlan}
        items={home?.specialPlan?.items}
      />
      <PremiumCardsSection section={home?.premiumSection} cards={data.premiumCards} />
      <ComplexAccordion content={home?.complexAccordion} />
      <UnitPlanSection
        section={home?.unitPlanSection}
        units={switcherUnits(data.unitTypes)}
        tours={data.emodelTours}
        firstCome={firstCome}
      />
      <TextImageSection
        id="home-reservation"
        className="home-reservation"
        content={home?.reservationSection}
      >
        {modelHouse ? (
          <ModelHouseInfo
            house={modelHouse}
            builtOn={layout.builtOn}
            className="home-reservation__house"
          />
        ) : null}
        <div id={RESERVATION_ID} className="home-reservation__form">
          {/* In the prerendered HTML, and working as a plain form, from the start: the boundary
              keeps it as it is until the visitor nears it or starts filling it in, and its
              script, far below the first screen, has arrived. */}
          <Suspense>
            <UntilNear id={RESERVATION_ID}>
              <LazyRegistrationForm
                source="home"
                withMessage
                withVisitTime
                submitLabel="방문예약 신청하기"
              />
            </UntilNear>
          </Suspense>
        </div>
      </TextImageSection>
    </div>
  )
}

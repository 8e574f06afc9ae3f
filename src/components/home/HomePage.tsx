import {memo} from 'react'
import {DESKTOP_QUERY, MOTION_OK_QUERY, useMediaQuery} from '~/hooks/useMediaQuery'
import {useSectionWheel} from '~/hooks/useSectionWheel'
import {HydrateLater} from '~/components/HydrateLater.tsx'
import {LazyRegistrationForm} from '~/components/registration/LazyRegistrationForm.tsx'
import {ComplexAccordion} from './ComplexAccordion'
import {HeroSection} from './HeroSection'
import {MobileOverview} from './MobileOverview'
import {PremiumCardsSection} from './PremiumCardsSection'
import {TextImageSection} from './TextImageSection'
import type {HomeData, UnitTypeCard} from './types'
import {UnitPlanSection} from './UnitPlanSection'

/** SPEC §1/§9: the complex's unit size; the home switcher shows its A, B and C types. */
const UNIT_SIZE_M2 = 84

const switcherUnits = (units: UnitTypeCard[]) =>
  units.filter((unit) => unit.exclusiveArea != null && Math.floor(unit.exclusiveArea) === UNIT_SIZE_M2)

/** The desktop section stepping (wheel and keys), kept in its own component: its state changes re-render nothing else. */
function SectionWheel() {
  const desktop = useMediaQuery(DESKTOP_QUERY)
  const motionOk = useMediaQuery(MOTION_OK_QUERY)
  useSectionWheel(desktop && motionOk)
  return null
}

/**
 * The home page. Wide screens show one viewport-high section at a time, moved by the wheel
 * and the keyboard; narrow screens stack the sections with the mobile-only accordions and
 * slider between them. Both layouts are in the HTML and CSS picks one, so the prerendered
 * page never depends on the viewport.
 *
 * The page itself holds no state (memo: it renders again only for new data), so that the
 * sections hydrating later (HydrateLater) receive no update before they have hydrated,
 * which would make React hydrate them all at once or render them anew.
 */
export const HomePage = memo(function HomePage({data}: {data: HomeData}) {
  const home = data.home
  return (
    <div className="home">
      <SectionWheel />
      <HeroSection hero={home?.hero} />
      {/* Below the first screen: hydrated section by section, after the header and hero. */}
      <HydrateLater>
        <MobileOverview content={home?.mobileOverview} slides={data.premiumSlides} />
      </HydrateLater>
      <HydrateLater>
        <TextImageSection
          id="home-location"
          className="home-location"
          content={home?.locationPoints}
          items={home?.locationPoints?.points}
        />
      </HydrateLater>
      <HydrateLater>
        <TextImageSection id="home-brand" className="home-brand" content={home?.brandIntro} />
      </HydrateLater>
      <HydrateLater>
        <TextImageSection id="home-special" className="home-special" content={home?.specialPlan} items={home?.specialPlan?.items} />
      </HydrateLater>
      <HydrateLater>
        <PremiumCardsSection section={home?.premiumSection} cards={data.premiumCards} />
      </HydrateLater>
      <HydrateLater>
        <ComplexAccordion content={home?.complexAccordion} />
      </HydrateLater>
      <HydrateLater>
        <UnitPlanSection section={home?.unitPlanSection} units={switcherUnits(data.unitTypes)} tours={data.emodelTours} />
      </HydrateLater>
      <HydrateLater>
        <TextImageSection id="home-reservation" className="home-reservation" content={home?.reservationSection}>
          <div id="reservation" className="home-reservation__form">
            {/* In the prerendered HTML, and working as a plain form, from the start; its script
                is not needed for the first screen and arrives before its section hydrates. */}
            <LazyRegistrationForm source="home" withMessage submitLabel="방문예약 신청하기" />
          </div>
        </TextImageSection>
      </HydrateLater>
    </div>
  )
})

import {useAccordion} from './useAccordion.ts'
import {useMediaQuery} from './useMediaQuery.ts'
import {DESKTOP_QUERY, MOTION_OK_QUERY} from '#src/lib/media-queries.ts'
import {AccordionItem} from './AccordionItem.tsx'
import {SanityImage} from '#src/components/SanityImage.tsx'
import {PremiumSlider} from './PremiumSlider.tsx'
import type {HomeContent, PremiumSlide} from './types.ts'

type OverviewItem = 'overview' | 'location' | 'premium'
const ITEMS: OverviewItem[] = ['overview', 'location', 'premium']

/**
 * The narrow-screen business overview: overview, location and premium (with the slider), one open
 * at a time.
 */
export function MobileOverview({
  content,
  slides,
}: {
  content: HomeContent['mobileOverview']
  slides: PremiumSlide[]
}) {
  const narrow = !useMediaQuery(DESKTOP_QUERY)
  const motionOk = useMediaQuery(MOTION_OK_QUERY)
  const {toggle, isOpen} = useAccordion<OverviewItem>('overview')
  return (
    <section className="home-mobile-only home-mobile-overview accordion" aria-label="사업 안내">
      {ITEMS.map((key) => {
        const panel = content?.[key]
        return (
          <AccordionItem
            key={key}
            id={`overview-${key}`}
            title={panel?.title}
            open={isOpen(key)}
            onToggle={() => toggle(key)}
            headingLevel={2}
          >
            <p className="home-section__text">{panel?.text}</p>
            {key === 'premium' ? (
              <PremiumSlider slides={slides} active={narrow && isOpen(key)} motionOk={motionOk} />
            ) : (
              <SanityImage
                image={content?.[key]?.image}
                width={390}
                sizes="calc(100vw - 40px)"
                secondary
              />
            )}
          </AccordionItem>
        )
      })}
    </section>
  )
}

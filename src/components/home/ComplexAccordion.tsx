import {useAccordion} from './useAccordion.ts'
import {AccordionItem} from './AccordionItem.tsx'
import {ContentPicture} from '#src/components/pages/ZoomableImage.tsx'
import type {ComplexPanel, HomeContent} from './types.ts'

type ComplexItem = 'layout' | 'specialDesign' | 'community'
const ITEMS: ComplexItem[] = ['layout', 'specialDesign', 'community']

/**
 * The narrow-screen complex guide: site layout, special design and community, each with its
 * pictures.
 */
export function ComplexAccordion({content}: {content: HomeContent['complexAccordion']}) {
  const {toggle, isOpen} = useAccordion<ComplexItem>('layout')
  return (
    <section className="home-mobile-only home-complex accordion" aria-label="단지 안내">
      {ITEMS.map((key) => {
        const panel: ComplexPanel | null | undefined = content?.[key]
        return (
          <AccordionItem
            key={key}
            id={`complex-${key}`}
            title={panel?.title}
            open={isOpen(key)}
            onToggle={() => toggle(key)}
            headingLevel={2}
          >
            <p className="home-section__text">{panel?.text}</p>
            <div className="home-complex__images">
              {panel?.images?.map((image, index) => (
                <ContentPicture
                  key={image._key ?? index}
                  image={image}
                  title={panel?.title ?? ''}
                  width={390}
                  sizes="calc(100vw - 40px)"
                />
              ))}
            </div>
          </AccordionItem>
        )
      })}
    </section>
  )
}

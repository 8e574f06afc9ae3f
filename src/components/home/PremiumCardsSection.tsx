import {useAccordion} from './useAccordion.ts'
import {ContentLink} from './ContentLink.tsx'
import {SanityImage} from '#src/components/SanityImage.tsx'
import type {HomeContent, PremiumCard} from './types.ts'

const cardNumber = (card: PremiumCard, index: number) =>
  String(card.number ?? index + 1).padStart(2, '0')

/**
 * The four PREMIUM cards. Wide screens show every card whole; on narrow screens a card shows
 * its number, title and first line, and a tap anywhere on it expands the rest.
 */
export function PremiumCardsSection({
  section,
  cards,
}: {
  section: HomeContent['premiumSection']
  cards: PremiumCard[]
}) {
  const {toggle, isOpen} = useAccordion<string>(null)
  return (
    <section
      id="home-premium"
      className="home-section home-premium"
      aria-labelledby="home-premium-title"
    >
      <div className="home-premium__intro">
        <h2 id="home-premium-title" className="home-section__title">
          {section?.heading}
        </h2>
        {section?.text && <p className="home-section__text">{section.text}</p>}
      </div>
      <ol className="premium-cards">
        {cards.map((card, index) => {
          const open = isOpen(card._id)
          const moreId = `premium-card-${index + 1}-more`
          return (
            <li key={card._id} className={`premium-card ${open ? 'is-open' : ''}`}>
              <SanityImage
                className="premium-card__image"
                image={card.image}
                width={330}
                sizes="(max-width: 900px) calc(100vw - 40px), 330px"
              />
              <div className="premium-card__body">
                <p className="premium-card__number" aria-hidden="true">
                  {cardNumber(card, index)}
                </p>
                <h3 className="premium-card__title">{card.title}</h3>
                <p className="premium-card__text">{card.text1}</p>
                <button
                  type="button"
                  className="premium-card__toggle"
                  aria-expanded={open}
                  aria-controls={moreId}
                  onClick={() => toggle(card._id)}
                >
                  <span className="visually-hidden">{`${card.title ?? ''} 자세히 보기`}</span>
                </button>
                <div id={moreId} className="premium-card__more" hidden={!open}>
                  {card.text2 && <p className="premium-card__text">{card.text2}</p>}
                  {card.link && (
                    <ContentLink href={card.link} className="premium-card__link">
                      {card.linkText}
                      <span className="visually-hidden">{` (${card.title ?? ''})`}</span>
                    </ContentLink>
                  )}
                </div>
              </div>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

import {SanityImage} from '#src/components/SanityImage.tsx'
import type {PageExtras} from '#src/lib/content-pages/page-extras.ts'
import {TextBlock} from '#src/components/content-page/TextBlock.tsx'

/** /LocationEnvironment/intro: the six location cards (image, title, text). */
export function LocationCards({
  cards,
}: {
  cards: Extract<PageExtras, {kind: 'locationCards'}>['cards']
}) {
  if (cards.length === 0) return null
  return (
    <ul className="location-cards">
      {cards.map((card, index) => (
        <li key={card._id} className="location-card">
          {/* The first card's picture is the page's largest paint on a phone: fetched at once, shown at once. */}
          <SanityImage
            image={card.image}
            width={400}
            sizes="(max-width: 900px) 100vw, 400px"
            fade={index > 0}
            priority={index === 0}
          />
          <h2>{card.title}</h2>
          <TextBlock text={card.text} />
        </li>
      ))}
    </ul>
  )
}

import {SanityImage} from '~/components/SanityImage.tsx'
import type {PageExtras} from '~/lib/page-extras.ts'
import {TextBlock} from '~/components/page/TextBlock.tsx'

/** /LocationEnvironment/intro: the six location cards (image, title, text). */
export function LocationCards({cards}: {cards: Extract<PageExtras, {kind: 'locationCards'}>['cards']}) {
  if (cards.length === 0) return null
  return (
    <ul className="location-cards">
      {cards.map((card) => (
        <li key={card._id} className="location-card">
          <SanityImage image={card.image} width={400} sizes="(max-width: 900px) 100vw, 400px" fade />
          <h2>{card.title}</h2>
          <TextBlock text={card.text} />
        </li>
      ))}
    </ul>
  )
}

import {useLocation} from 'react-router'
import {SanityImage} from '#src/components/SanityImage.tsx'
import {ContentLink} from '#src/components/home/ContentLink.tsx'
import {useLayoutData} from '#src/lib/layout-data.ts'
import type {PageExtras} from '#src/lib/content-pages/page-extras.ts'
import {pagePath} from '#src/lib/content-pages/section-anchor.ts'

type Premium = Extract<PageExtras, {kind: 'premium'}>

const twoDigits = (value: number) => String(value).padStart(2, '0')

/**
 * /LocationEnvironment/primium: the four PREMIUM cards, each beside its picture, then the
 * themes of the premium slides. Every word is text from the content; the pictures only
 * illustrate. A card's link to this very page is left out: it would lead nowhere.
 */
export function PremiumOverview({
  cards,
  themes,
}: {
  cards: Premium['cards']
  themes: Premium['themes']
}) {
  const {settings} = useLayoutData()
  const here = pagePath(useLocation().pathname)
  return (
    <div className="premium-overview">
      {cards.length > 0 ? (
        <ol className="premium-features">
          {cards.map((card, index) => {
            const number = twoDigits(card.number ?? index + 1)
            return (
              <li key={card._id} className="premium-feature">
                {/* The first picture sits right under the intro: fetched at once, shown at once. */}
                <SanityImage
                  className="premium-feature__image"
                  image={card.image}
                  width={480}
                  sizes="(max-width: 900px) calc(100vw - 32px), 480px"
                  priority={index === 0}
                  fade={index > 0}
                />
                <div className="premium-feature__body">
                  <p className="premium-feature__number">
                    PREMIUM <span>{number}</span>
                  </p>
                  <h3 className="premium-feature__title">{card.title}</h3>
                  <p className="premium-feature__text">{card.text1}</p>
                  {card.text2 ? <p className="premium-feature__text">{card.text2}</p> : null}
                  {card.link && card.linkText && pagePath(card.link) !== here ? (
                    <ContentLink href={card.link} className="pill premium-feature__link">
                      {card.linkText}
                      <span className="visually-hidden">{` (${card.title ?? ''})`}</span>
                    </ContentLink>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ol>
      ) : null}
      {themes.length > 0 ? (
        <section className="premium-themes" aria-labelledby="premium-themes-title">
          <h2 id="premium-themes-title" className="premium-themes__title">
            {`${themes.length}가지 테마로 보는 ${settings.complexName ?? ''}`}
          </h2>
          <ol className="premium-themes__list">
            {themes.map((theme, index) => (
              <li key={theme._id} className="premium-theme">
                <span className="premium-theme__number" aria-hidden="true">
                  {twoDigits(index + 1)}
                </span>
                <h3 className="premium-theme__title">{theme.title}</h3>
                {theme.description ? (
                  <p className="premium-theme__text">{theme.description}</p>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  )
}

import {SanityImage} from '~/components/SanityImage'
import {RegistrationLink} from '~/components/layout/RegistrationLink'
import type {HomeContent} from './types'

export function HeroSection({hero}: {hero: HomeContent['hero']}) {
  return (
    <section className="home-section home-hero" aria-labelledby="home-hero-title">
      <SanityImage className="home-hero__image" image={hero?.image} width={1440} sizes="(max-width: 900px) 200vw, 100vw" priority />
      <div className="home-hero__content">
        {hero?.eyebrow && <p className="home-hero__eyebrow">{hero.eyebrow}</p>}
        <h1 id="home-hero-title" className="home-hero__title">
          {hero?.title}
        </h1>
        {hero?.subtitle && <p className="home-hero__subtitle">{hero.subtitle}</p>}
        {hero?.ctaLabel && (
          <RegistrationLink source="hero" className="home-hero__cta">
            {hero.ctaLabel}
          </RegistrationLink>
        )}
      </div>
    </section>
  )
}

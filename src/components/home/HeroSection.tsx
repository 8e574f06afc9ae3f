import {SanityImage, type NarrowCut} from '#src/components/SanityImage.tsx'
import {RegistrationLink} from '#src/components/layout/RegistrationLink.tsx'
import type {HomeContent} from './types.ts'

/**
 * A phone's hero is a box about 3:4 (the full width, at least 560 px high): it gets a 3:4
 * cut around the hotspot instead of the wide picture, two thirds of which it would crop.
 */
const PHONE_CUT: NarrowCut = {maxWidth: 599, aspect: 3 / 4, width: 600, sizes: '100vw'}

/*
 * The picture covers the hero: full width, at least 560 px high. Between 600 and 900 px
 * the box is 560 px high and a 16:9 picture is then drawn about 1000 px wide; above, at
 * the viewport's width.
 */
const HERO_SIZES = '(max-width: 900px) 1000px, 100vw'

export function HeroSection({hero}: {hero: HomeContent['hero']}) {
  return (
    <section className="home-section home-hero" aria-labelledby="home-hero-title">
      <SanityImage
        className="home-hero__image"
        image={hero?.image}
        width={1440}
        sizes={HERO_SIZES}
        narrow={PHONE_CUT}
        priority
      />
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

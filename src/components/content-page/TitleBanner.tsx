import {SanityImage} from '#src/components/SanityImage.tsx'
import type {ContentImage} from '#src/lib/images.ts'

interface TitleBannerProps {
  title: string
  subtitle?: string | null
  image?: ContentImage | null
  /** The brand pages reveal their banner later (500 ms instead of 100 ms). */
  slow?: boolean
}

/**
 * The page's title banner. It is in the HTML from the start and only its appearance is
 * delayed, by CSS (`.title-banner` in site.css), so it works without JavaScript and the
 * layout does not move; with reduced motion it is simply there.
 */
export function TitleBanner({title, subtitle, image, slow = false}: TitleBannerProps) {
  return (
    <header className="title-banner" data-slow={slow || undefined}>
      {image ? (
        <SanityImage
          image={image}
          width={1920}
          sizes="100vw"
          priority
          className="title-banner-image"
          alt=""
        />
      ) : null}
      <div className="title-banner-text">
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
    </header>
  )
}

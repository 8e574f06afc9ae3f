import type {ReactNode} from 'react'
import type {ContentImage} from '#src/lib/images.ts'
import {ContentPicture} from '#src/components/pages/ZoomableImage.tsx'
import type {TitledText} from './types.ts'

interface Props {
  id: string
  className: string
  content:
    {heading?: string | null; text?: string | null; image?: ContentImage | null} | null | undefined
  /** The section's list of titled points (location points, special-plan items). */
  items?: TitledText[] | null
  children?: ReactNode
}

/**
 * The shape the location-points, brand-intro, special-plan and reservation sections share:
 * a heading, a text, an optional list of points and a picture beside them.
 */
export function TextImageSection({id, className, content, items, children}: Props) {
  return (
    <section
      id={id}
      className={`home-section home-split ${className}`}
      aria-labelledby={`${id}-title`}
    >
      <div className="home-split__text">
        <h2 id={`${id}-title`} className="home-section__title">
          {content?.heading}
        </h2>
        {content?.text && <p className="home-section__text">{content.text}</p>}
        {items && items.length > 0 && (
          <ul className="home-points">
            {items.map((item, index) => (
              <li key={item._key ?? index} className="home-points__item">
                <strong className="home-points__title">{item.title}</strong>
                <span className="home-points__text">{item.text}</span>
              </li>
            ))}
          </ul>
        )}
        {children}
      </div>
      <ContentPicture
        className="home-split__image"
        image={content?.image}
        title={content?.heading ?? ''}
        // On wide screens a picture fills its section's height (src/styles/home.css), cropped
        // to the column: drawn about 1,070 px wide before the crop.
        width={1080}
        sizes="(max-width: 900px) calc(100vw - 40px), 1070px"
      />
    </section>
  )
}

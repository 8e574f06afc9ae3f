import {useEffect, useRef} from 'react'
import {SanityImage} from '#src/components/SanityImage.tsx'
import {tourPath} from '#src/lib/page-paths.ts'
import {coverFace, type EmodelTab} from '#src/lib/tours.ts'

interface TourFrameProps {
  tour: EmodelTab & {key: string}
  /** Whether the visitor has asked for a tour: then this one is framed at once. */
  open: boolean
  onOpen: () => void
  /** Classes of the box, which CSS sizes before anything is in it. */
  className: string
}

export const tourName = (tour: EmodelTab & {key: string}) =>
  tour.title ?? `${tour.key} 타입 E-모델하우스`

/**
 * An E-model tour in a frame, only once the visitor asks: until then the box holds a picture
 * of the tour's first room and one big button ("click anywhere to start"), and nothing of
 * the tour is fetched. The tour opens on its own page without JavaScript too (the link below).
 */
export function TourFrame({tour, open, onOpen, className}: TourFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const pressed = useRef(false)
  useEffect(() => {
    // The visitor pressed the button, which is gone: the keys go on into the tour. The frame
    // is where the button was, so the page stays where it is (the home page's sections are
    // aligned to the window).
    if (open && pressed.current) frame.current?.focus({preventScroll: true})
    pressed.current = false
  }, [open])
  const cover = coverFace(tour.cover)
  return (
    <>
      <div className={`tour-frame ${className}`}>
        {open ? (
          <iframe
            ref={frame}
            src={tourPath(tour.key)}
            title={`${tourName(tour)} 360° 가상 투어`}
            allow="fullscreen; accelerometer; gyroscope"
            allowFullScreen
          />
        ) : (
          <button
            type="button"
            className="tour-frame__start"
            onClick={() => {
              pressed.current = true
              onOpen()
            }}
          >
            {cover ? (
              <SanityImage
                image={{...cover, alt: ''}}
                width={1000}
                sizes="(max-width: 900px) 100vw, 1000px"
                className="tour-frame__cover"
              />
            ) : null}
            <span className="tour-frame__label">
              <span className="tour-frame__icon" aria-hidden="true" />
              {`${tour.key} 360° 투어 시작`}
            </span>
            <span className="tour-frame__hint">{`화면 아무 곳이나 누르면 ${tour.cover?.name ?? '첫 공간'}부터 둘러봅니다`}</span>
          </button>
        )}
      </div>
      <a className="tour-frame__open" href={tourPath(tour.key)} target="_blank" rel="noopener">
        {`${tour.key} 가상 투어 새 창으로 보기`}
      </a>
    </>
  )
}

/** The tabs that can open: a tour with a key (its address). */
export const openableTours = (tours: EmodelTab[]) =>
  tours.filter((tour): tour is EmodelTab & {key: string} => Boolean(tour.key))

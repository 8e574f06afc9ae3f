import {useEffect, useState} from 'react'
import {imageSize, originalImageUrl, type ContentImage} from '#src/lib/images.ts'

export interface MapRoom {
  id: string
  name: string
  /** Place on the plan, 0..1 across and down. */
  x: number
  y: number
}

interface TourMapProps {
  plan: ContentImage | null | undefined
  rooms: MapRoom[]
  current: string | undefined
  /** The direction looked at, degrees clockwise from north (the plan's top). */
  yaw: number
  onChoose: (id: string) => void
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`

/** In a narrow or low frame the map starts folded, so that it does not cover the view. */
const FOLDED_QUERY = '(max-width: 640px), (max-height: 560px)'

/**
 * A corner thumbnail of the unit's plan: where the visitor stands and which way they look,
 * and a numbered button on every room of the tour (named by the room) that goes there. It
 * folds to its button, and starts folded in a narrow or low frame.
 */
export function TourMap({plan, rooms, current, yaw, onChoose}: TourMapProps) {
  const size = imageSize(plan)
  const here = rooms.find((room) => room.id === current)
  const [open, setOpen] = useState(true)
  useEffect(() => {
    if (window.matchMedia(FOLDED_QUERY).matches) setOpen(false)
  }, [])
  return (
    <nav className="tour-map" aria-label="미니맵">
      <button
        type="button"
        className="tour-map__toggle"
        aria-expanded={open}
        aria-controls="tour-map-body"
        onClick={() => setOpen(!open)}
      >
        {open ? '미니맵 접기' : '미니맵 펼치기'}
      </button>
      <div id="tour-map-body" className="tour-map__body" hidden={!open}>
        <div
          className="tour-map__plan"
          style={size ? {aspectRatio: `${size.width} / ${size.height}`} : undefined}
        >
          {plan && size ? (
            <img
              src={originalImageUrl(plan)}
              alt={plan.alt ?? ''}
              width={size.width}
              height={size.height}
            />
          ) : null}
          {here ? (
            <span
              className="tour-map__here"
              style={{left: percent(here.x), top: percent(here.y), rotate: `${Math.round(yaw)}deg`}}
              aria-hidden="true"
            />
          ) : null}
          {rooms.map((room, index) => (
            <button
              key={room.id}
              type="button"
              className="tour-map__dot"
              style={{left: percent(room.x), top: percent(room.y)}}
              aria-label={room.name}
              title={room.name}
              aria-current={room.id === current ? 'location' : undefined}
              onClick={() => onChoose(room.id)}
            >
              {index + 1}
            </button>
          ))}
        </div>
      </div>
    </nav>
  )
}

import {useState} from 'react'
import {openableTours, TourFrame} from '#src/components/tour/TourFrame.tsx'
import type {EmodelTab} from '#src/lib/tours.ts'
import {FrameTabs, type FrameTabsClasses} from './FrameTabs.tsx'

/** The E-model house opens on 84A, the type most visitors ask about first. */
const DEFAULT_KEY = '84A'

interface EmodelToursProps {
  tours: EmodelTab[]
  /** Whether a tour asked for may be framed now (the home page's accordion item is open). */
  showFrame?: boolean
  /** The tour frame's size class: `tour-frame--page` or the home page's `tour-frame--home`. */
  frameClassName?: string
  classes?: FrameTabsClasses
}

/**
 * The E-model house tours as tabs (/FloorPlan/Emodel and the home page's VR item). A tour is
 * framed only once the visitor asks for it (the frame's own page then loads the viewer);
 * after the first, a chosen tab's tour opens at once.
 */
export function EmodelTours({
  tours,
  showFrame = true,
  frameClassName = 'tour-frame--page',
  classes,
}: EmodelToursProps) {
  const shown = openableTours(tours)
  const [open, setOpen] = useState(false)
  return (
    <FrameTabs
      tabs={shown.map((tour) => ({key: tour._id, label: tour.key}))}
      label="E-모델하우스 타입"
      idPrefix="emodel"
      defaultIndex={shown.findIndex((tour) => tour.key === DEFAULT_KEY)}
      classes={classes}
      renderPanel={(index) => {
        const tour = shown[index]
        return tour ? (
          <TourFrame
            key={tour._id}
            tour={tour}
            open={open && showFrame}
            onOpen={() => setOpen(true)}
            className={frameClassName}
          />
        ) : null
      }}
    />
  )
}

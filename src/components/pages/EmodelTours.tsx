import {useState} from 'react'
import {openableTours, TourFrame} from '~/components/tour/TourFrame.tsx'
import type {PageExtras} from '~/lib/content-pages/page-extras.ts'
import {FrameTabs} from './FrameTabs.tsx'

/** The E-model house opens on 84A, as the VR tab of the home page does. */
const DEFAULT_KEY = '84A'

/** /FloorPlan/Emodel: one 360° tour per tab, framed once the visitor asks; after that, each chosen tab's tour at once. */
export function EmodelTours({tours}: {tours: Extract<PageExtras, {kind: 'emodelTours'}>['tours']}) {
  const shown = openableTours(tours)
  const [open, setOpen] = useState(false)
  return (
    <FrameTabs
      tabs={shown.map((tour) => ({key: tour._id, label: tour.key}))}
      label="E-모델하우스 타입"
      idPrefix="emodel"
      defaultIndex={shown.findIndex((tour) => tour.key === DEFAULT_KEY)}
      renderPanel={(index) => {
        const tour = shown[index]
        return tour ? <TourFrame key={tour._id} tour={tour} open={open} onOpen={() => setOpen(true)} className="tour-frame--page" /> : null
      }}
    />
  )
}
